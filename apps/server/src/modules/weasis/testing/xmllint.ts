/**
 * Test support: Weasis manifests checked by libxml2's xmllint (Debian libxml2-utils) against our schema of the manifest,
 * or against Weasis's published one when WEASIS_MANIFEST_XSD names a copy (fixtures/README.md).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const exec = promisify(execFile);

export const MANIFEST_XSD =
  process.env.WEASIS_MANIFEST_XSD || path.join(import.meta.dirname, '../fixtures/weasis-manifest.xsd');

async function withFile<T>(xml: string, use: (file: string) => Promise<T>): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rangsi-weasis-'));
  const file = path.join(dir, 'manifest.xml');
  fs.writeFileSync(file, xml, 'utf8');
  try {
    return await use(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Validates against the manifest schema: null when valid, else xmllint's complaint. */
export function schemaErrors(xml: string): Promise<string | null> {
  return withFile(xml, async (file) => {
    try {
      await exec('xmllint', ['--noout', '--nonet', '--schema', MANIFEST_XSD, file]);
      return null;
    } catch (err) {
      const e = err as { stderr?: string; message: string };
      return e.stderr || e.message;
    }
  });
}

/** The string value of an XPath expression (namespace-free: use local-name()). */
export function xpathString(xml: string, expr: string): Promise<string> {
  return withFile(xml, async (file) =>
    (await exec('xmllint', ['--nonet', '--xpath', `string(${expr})`, file])).stdout.replace(/\n$/, ''),
  );
}

/** Every value of one attribute of the elements with a local name, in document order. */
export function attributeValues(xml: string, element: string, attribute: string): Promise<string[]> {
  return attributesAt(xml, `//*[local-name()='${element}']`, attribute);
}

/** Every value of one attribute of the elements an XPath selects, in document order. */
export async function attributesAt(xml: string, elements: string, attribute: string): Promise<string[]> {
  return withFile(xml, async (file) => {
    try {
      const { stdout } = await exec('xmllint', ['--nonet', '--xpath', `${elements}/@${attribute}`, file]);
      return [...stdout.matchAll(new RegExp(`${attribute}="([^"]*)"`, 'g'))].map((m) => m[1]!);
    } catch {
      return [];
    }
  });
}
