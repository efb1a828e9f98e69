// A local ESLint plugin: import boundaries between the folders ("zones") of one source tree, checked on the file an
// import resolves to, not on its text. no-restricted-imports matches strings, so a boundary written with it needs one
// regex per folder and per depth (`../../features/x` from one depth, `../../../features/x` from the next); resolving
// the path once makes a boundary one line of config whatever the depth, relative or through an alias.
import path from 'node:path';

/**
 * @typedef {{
 *   from: string,
 *   to: string[],
 *   message: string,
 *   targets?: string,
 *   exceptFrom?: string,
 * }} Restriction
 * `from` and `to` name zones; `targets` (a regular expression on the target's path inside `base`) narrows the
 * restriction to some files of those zones (a module's repositories, say); `exceptFrom` (the same on the importing
 * file) leaves some importers out (tests). An import within one unit is never restricted.
 *
 * @typedef {{
 *   base: string,
 *   aliases?: Record<string, string>,
 *   zones: Record<string, string[]>,
 *   restrictions?: Restriction[],
 *   aliasAcrossUnits?: boolean,
 *   relativeWithinUnit?: boolean,
 * }} Options
 * `base` is the source root (absolute, or relative to ESLint's working directory). `aliases` maps an import prefix to
 * a folder inside `base` (`{ '@/': '' }`). `zones` maps a zone's name to its folders inside `base`; a folder ending
 * in `/*` makes each of its subfolders a unit of its own (each feature), any other folder is one unit.
 * `aliasAcrossUnits`: an import that leaves its own unit for another goes through an alias, never `../`.
 * `relativeWithinUnit`: an import inside one unit is relative, so a unit can be moved or renamed as a whole.
 */

const STRIP_QUERY = /[?#].*$/;
const toPosix = (p) => p.split(path.sep).join('/');

/** The absolute path an import lands on and how it was written (relative or alias); null for a package. */
function resolveImport(spec, filename, base, aliases) {
  const clean = spec.replace(STRIP_QUERY, '');
  if (clean === '.' || clean === '..' || clean.startsWith('./') || clean.startsWith('../')) {
    return { kind: 'relative', abs: path.resolve(path.dirname(filename), clean) };
  }
  for (const [prefix, dir] of Object.entries(aliases)) {
    if (clean.startsWith(prefix)) return { kind: 'alias', abs: path.resolve(base, dir, clean.slice(prefix.length)) };
  }
  return null;
}

/** The inside-`base` path of an absolute path (posix), or null when it lies outside. */
function inside(base, abs) {
  const rel = path.relative(base, abs);
  if (rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel)) return null;
  return toPosix(rel);
}

/** The zone and the unit a path inside `base` belongs to; a path in no zone is its top-level folder's unit. */
function locate(rel, zoneFolders) {
  for (const { zone, folder, each } of zoneFolders) {
    if (rel !== folder && !rel.startsWith(`${folder}/`)) continue;
    if (!each) return { zone, unit: folder };
    const [name, ...rest] = rel.slice(folder.length + 1).split('/');
    // A file beside the units (`features/index.ts`) belongs to none of them.
    if (name && rest.length > 0) return { zone, unit: `${folder}/${name}` };
  }
  return { zone: null, unit: rel.includes('/') ? rel.split('/')[0] : '.' };
}

/** @param {Options} options */
function compile(options, cwd) {
  const base = path.resolve(cwd, options.base);
  const zoneFolders = Object.entries(options.zones).flatMap(([zone, folders]) =>
    folders.map((f) => (f.endsWith('/*') ? { zone, folder: f.slice(0, -2), each: true } : { zone, folder: f })),
  );
  // The longest folder first, so `features/viewer/stubs` could be a zone of its own inside `features/*`.
  zoneFolders.sort((a, b) => b.folder.length - a.folder.length);
  const restrictions = (options.restrictions ?? []).map((r) => ({
    ...r,
    targets: r.targets ? new RegExp(r.targets) : null,
    exceptFrom: r.exceptFrom ? new RegExp(r.exceptFrom) : null,
  }));
  return { base, aliases: options.aliases ?? {}, zoneFolders, restrictions };
}

const zonesRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Import boundaries between the zones of a source tree, on the resolved path.' },
    schema: [
      {
        type: 'object',
        properties: {
          base: { type: 'string' },
          aliases: { type: 'object', additionalProperties: { type: 'string' } },
          zones: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
          restrictions: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                from: { type: 'string' },
                to: { type: 'array', items: { type: 'string' } },
                message: { type: 'string' },
                targets: { type: 'string' },
                exceptFrom: { type: 'string' },
              },
              required: ['from', 'to', 'message'],
              additionalProperties: false,
            },
          },
          aliasAcrossUnits: { type: 'boolean' },
          relativeWithinUnit: { type: 'boolean' },
        },
        required: ['base', 'zones'],
        additionalProperties: false,
      },
    ],
    messages: {
      restricted: '{{message}} ({{from}} → {{to}})',
      useAlias: "'{{spec}}' leaves {{from}} for {{to}}: import it as '{{suggestion}}'.",
      useRelative: "'{{spec}}' stays inside {{unit}}: import it by a relative path.",
    },
  },
  create(context) {
    const options = /** @type {Options} */ (context.options[0]);
    const { base, aliases, zoneFolders, restrictions } = compile(options, context.cwd);
    const fromRel = inside(base, context.filename);
    if (fromRel === null) return {};
    const from = locate(fromRel, zoneFolders);
    const aliasPrefix = Object.keys(aliases)[0];

    function check(node, spec) {
      if (typeof spec !== 'string') return;
      const target = resolveImport(spec, context.filename, base, aliases);
      if (!target) return;
      const toRel = inside(base, target.abs);
      // Out of the tree (another workspace): other rules decide.
      if (toRel === null) return;
      const to = locate(toRel, zoneFolders);
      if (to.unit === from.unit) {
        if (options.relativeWithinUnit && target.kind === 'alias') {
          context.report({ node, messageId: 'useRelative', data: { spec, unit: from.unit } });
        }
        return;
      }
      for (const r of restrictions) {
        if (r.from !== from.zone || !to.zone || !r.to.includes(to.zone)) continue;
        if (r.targets && !r.targets.test(toRel)) continue;
        if (r.exceptFrom && r.exceptFrom.test(fromRel)) continue;
        context.report({ node, messageId: 'restricted', data: { message: r.message, from: from.unit, to: to.unit } });
        return;
      }
      if (options.aliasAcrossUnits && target.kind === 'relative' && aliasPrefix !== undefined) {
        const suggestion = `${aliasPrefix}${toPosix(path.relative(path.resolve(base, aliases[aliasPrefix]), target.abs))}`;
        context.report({ node, messageId: 'useAlias', data: { spec, from: from.unit, to: to.unit, suggestion } });
      }
    }

    const checkSource = (node) => {
      if (node.source && node.source.type === 'Literal') check(node.source, node.source.value);
    };
    return {
      ImportDeclaration: checkSource,
      ExportNamedDeclaration: checkSource,
      ExportAllDeclaration: checkSource,
      ImportExpression: checkSource,
      // `import('…').Type` in a type position (TypeScript only): its path is a string literal, `source`.
      TSImportType: checkSource,
    };
  },
};

export default {
  meta: { name: 'rangsi-zones' },
  rules: { zones: zonesRule },
};
