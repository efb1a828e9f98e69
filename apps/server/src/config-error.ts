/** A setting that is missing or malformed: the server says which and stops (exit 2). */
export class ConfigError extends Error {}
