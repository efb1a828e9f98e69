import { MSG } from '../messages';
import { Refusal } from './reply';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A UUID (exam id, scan id), lower-cased; anything else is a 400 naming the field. */
export function uuidField(value: unknown, field: string): string {
  if (typeof value !== 'string' || !UUID.test(value)) throw new Refusal(400, MSG.badInput(field));
  return value.toLowerCase();
}

/** A short printable string (a token, a label): no control characters, no spaces in a token. */
export function textField(value: unknown, field: string, max: number, pattern = /^[\x21-\x7e]+$/): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > max || !pattern.test(value))
    throw new Refusal(400, MSG.badInput(field));
  return value;
}

/** One of the given values, or the fallback when absent. */
export function oneOf<T extends string>(value: unknown, field: string, values: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || !values.includes(value as T)) throw new Refusal(400, MSG.badInput(field));
  return value as T;
}

/** A whole number in a range, or the fallback when absent. */
export function intField(value: unknown, field: string, min: number, max: number, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
    throw new Refusal(400, MSG.badInput(field));
  return value;
}
