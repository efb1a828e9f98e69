import { useEffect, useRef, useState, type RefObject } from 'react';
import { romanizeThai } from '../api/romanize-thai';

/** Spec §5/§9: the English name is fetched as a romanization of the Thai one after 777 ms without typing. */
export const ROMANIZATION_DELAY_MS = 777;

const THAI = /[\u0E00-\u0E7F]/;

export type RomanizedPart = 'first' | 'last';

type OnRomanized = (part: RomanizedPart, english: string, thai: string) => void;

/** One part's wait-then-ask; a newer keystroke cancels both the wait and a call in flight. */
function useRomanizedPart(part: RomanizedPart, typed: { text: string } | null, onRomanized: RefObject<OnRomanized>) {
  useEffect(() => {
    if (!typed || !THAI.test(typed.text)) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      romanizeThai(typed.text.trim(), controller.signal).then(
        (english) => {
          if (typeof english === 'string' && english.trim()) onRomanized.current(part, english.trim(), typed.text);
        },
        () => undefined,
      );
    }, ROMANIZATION_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [part, typed, onRomanized]);
}

/**
 * Returns `request(part, text)` for the Thai name inputs' change handlers: only typing asks (a loaded or imported
 * name never does), the last keystroke within 777 ms wins, and `onRomanized` decides whether the English field
 * may take it (empty, or filled by us before). A failed call is silent: the clerk can still type the English name.
 */
export function useRomanization(onRomanized: OnRomanized) {
  const callback = useRef(onRomanized);
  useEffect(() => {
    callback.current = onRomanized;
  });
  const [first, setFirst] = useState<{ text: string } | null>(null);
  const [last, setLast] = useState<{ text: string } | null>(null);
  useRomanizedPart('first', first, callback);
  useRomanizedPart('last', last, callback);
  return (part: RomanizedPart, text: string) => (part === 'first' ? setFirst({ text }) : setLast({ text }));
}
