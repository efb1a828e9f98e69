/** Where the HTTP (and, unless DICOM_HOST says otherwise, the DICOM) listener binds, and why (SEC80). */
export interface BindChoice {
  host: string;
  /** 'explicit': HOST was set; 'demo-local': demo logins in use, so loopback only; 'default': every interface. */
  reason: 'explicit' | 'demo-local' | 'default';
}

export const DEMO_BIND_HOST = '127.0.0.1';
export const DEFAULT_BIND_HOST = '0.0.0.0';

/** HOST when set; otherwise loopback while the published demo passwords work, every interface when they do not. */
export function chooseBindHost(host: string | undefined, demoLogins: boolean): BindChoice {
  if (host) return { host, reason: 'explicit' };
  if (demoLogins) return { host: DEMO_BIND_HOST, reason: 'demo-local' };
  return { host: DEFAULT_BIND_HOST, reason: 'default' };
}

/** The address a person types: loopback for the wildcard binds (the machine itself), IPv6 in brackets. */
export function browseUrl(host: string, port: number): string {
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  return `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}`;
}

/** The lines the console shows once the server answers: the URL, the demo login, and what the bind means. */
export function readyLines(opts: {
  url: string;
  bind: BindChoice;
  demoLogins: boolean;
  demoUser?: string;
  demoPassword?: string;
  demoImagesPending?: boolean;
}): string[] {
  const lines = [`Rangsi ready: ${opts.url}`];
  if (opts.demoLogins && opts.demoUser && opts.demoPassword)
    lines.push(`Demo login: ${opts.demoUser} / ${opts.demoPassword} (every demo user in README.md "Demo users")`);
  if (opts.bind.reason === 'demo-local')
    lines.push(
      `Demo data with published passwords: listening on ${opts.bind.host} only, not on the network (set HOST=0.0.0.0 to open it)`,
    );
  else if (opts.demoLogins)
    lines.push(`Warning: demo passwords work and HOST=${opts.bind.host} opens the server to the network`);
  if (opts.demoImagesPending)
    lines.push('Demo images are being written in the background: the worklist shows "กำลังรับภาพ" until they are in');
  return lines;
}
