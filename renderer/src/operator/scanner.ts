/**
 * Scanner capture. A barcode scanner is a keyboard that types a whole code within a few milliseconds and ends with
 * Enter; a person types far slower. A burst like that is a scan wherever the focus is:
 *
 * - in a screen's own scan field (Pack, End of day), it is left alone: that field takes it;
 * - in another text field, the characters it typed are taken back out of the field (its value before the burst is
 *   restored) and the scan goes to the screen's scan handler;
 * - anywhere else (the header, a button, a link, a list), it goes there too, and its Enter does not press or follow
 *   what has the focus. A select would take its letters as type-ahead and change its value, so a select never
 *   takes printable keys (arrows still move it).
 *
 * The screen with a scan field registers a handler (`onScan`); without one, the scan goes to Pack.
 */

/**
 * Keys further apart than this are a person typing, not a scanner. Generous, because a busy computer may deliver
 * one of a scanner's keys late; the mean below is what tells a scanner (a few ms a key) from a person (100 ms and more).
 */
const MAX_GAP_MS = 120;
/** The whole burst must be this fast on average. */
const MAX_MEAN_GAP_MS = 35;
/** Shorter than this is a person's quick shortcut, not a code. */
const MIN_LENGTH = 4;

type Handler = (value: string) => void;

const handlers: Handler[] = [];
let fallback: Handler | null = null;
/** A scan on its way to a screen that is not shown yet (Pack, after the app switches to it). */
let pending: string | null = null;

/**
 * The current screen takes scans while it is shown; the last registered wins. A scan kept for it while the app
 * switched to it is handed over at once. Returns the unregister.
 */
export function onScan(handler: Handler): () => void {
  handlers.push(handler);
  const waiting = pending;
  pending = null;
  if (waiting !== null) queueMicrotask(() => handler(waiting));
  return () => {
    const i = handlers.lastIndexOf(handler);
    if (i >= 0) handlers.splice(i, 1);
  };
}

/** Where a scan goes when no screen takes it (the app sends it to Pack). */
export function setScanFallback(handler: Handler | null): void {
  fallback = handler;
}

export function keepPendingScan(value: string): void {
  pending = value;
}

export function deliverScan(value: string): void {
  const h = handlers.at(-1) ?? fallback;
  h?.(value);
}

/** A screen's own scan field: scans typed there are that field's. */
export const SCAN_FIELD_ATTR = 'data-scan-field';

const TEXT_INPUTS = new Set(['text', 'search', 'email', 'tel', 'url', 'number', 'password', '']);

export function isTextField(el: EventTarget | null): el is HTMLInputElement | HTMLTextAreaElement {
  if (el instanceof HTMLTextAreaElement) return true;
  return el instanceof HTMLInputElement && TEXT_INPUTS.has(el.type);
}

/** Sets a field's value as typing would, so that React's onChange sees it. */
function setFieldValue(el: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(el, value);
  el.dispatchEvent(new Event('input', { bubbles: true }));
}

interface Burst {
  target: EventTarget | null;
  chars: string;
  first: number;
  last: number;
  /** The text field's value before the burst's first character. */
  before: string | null;
}

/**
 * Listens on the whole window, ahead of every element (capture phase). Returns the way to stop listening.
 * Keys are timed by when they were typed (the event's `timeStamp`, stamped as the key arrived), not by when the page
 * got to them: a page busy drawing or answering handles a scanner's keys late, and as far apart as its work is long.
 */
export function captureScans(win: Window = window): () => void {
  let burst: Burst | null = null;

  function keydown(e: KeyboardEvent) {
    const t = e.timeStamp;
    const ownField = e.target instanceof HTMLElement && e.target.hasAttribute(SCAN_FIELD_ATTR);
    if (e.ctrlKey || e.altKey || e.metaKey) {
      burst = null;
      return;
    }
    if (e.key.length === 1) {
      if (burst && t - burst.last > MAX_GAP_MS) burst = null;
      if (burst && burst.target !== e.target) {
        // The focus moved in the middle of a burst (a screen that mounts and focuses its scan field as the scanner
        // types): what went to a place that keeps no text would be lost, and the code scanned short. It moves on
        // with the focus, into the field now typed in.
        if (isTextField(burst.target)) burst = null;
        else {
          const carried = burst.chars;
          burst.target = e.target;
          burst.before = isTextField(e.target) ? e.target.value : null;
          if (isTextField(e.target)) setFieldValue(e.target, e.target.value + carried);
        }
      }
      burst ??= {
        target: e.target,
        chars: '',
        first: t,
        last: t,
        before: isTextField(e.target) ? e.target.value : null,
      };
      burst.chars += e.key;
      burst.last = t;
      // A select would jump to an option starting with the letter: nothing on a desk is chosen that way.
      if (e.target instanceof HTMLSelectElement) e.preventDefault();
      return;
    }
    if (e.key !== 'Enter') {
      if (e.key !== 'Shift') burst = null;
      return;
    }
    const b = burst;
    burst = null;
    if (!b || ownField || b.target !== e.target) return;
    const n = b.chars.length;
    const scanned = n >= MIN_LENGTH && t - b.last <= MAX_GAP_MS && (b.last - b.first) / (n - 1) <= MAX_MEAN_GAP_MS;
    if (!scanned) return;
    e.preventDefault();
    e.stopPropagation();
    if (b.before !== null && isTextField(e.target)) setFieldValue(e.target, b.before);
    deliverScan(b.chars);
  }

  win.addEventListener('keydown', keydown, true);
  return () => win.removeEventListener('keydown', keydown, true);
}
