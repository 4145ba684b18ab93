/**
 * Scanner capture. A barcode scanner is a keyboard that types a whole code within a few milliseconds and ends with
 * Enter; a person types far slower. A burst like that is a scan, but where the focus is decides whose:
 *
 * - in a screen's own scan field (Pack, End of day), it is left alone: that field takes it;
 * - in another field that takes text (a search box, a form's field), it is that field's too, Enter included: the
 *   operator scanned into it on purpose (a parcel looked up by its label), and fast typing there is typing;
 * - anywhere else (the header, a button, a link, a list), it goes to the screen's scan handler, and its Enter does
 *   not press or follow what has the focus. A select would take its letters as type-ahead and change its value, so
 *   a select never takes printable keys (arrows still move it).
 *
 * The screen with a scan field registers a handler (`onScan`); without one, the scan goes to Pack.
 */

/**
 * Keys further apart than this are a person typing, not a scanner. Generous, because a busy computer may deliver
 * one of a scanner's keys late; the mean below is what tells a scanner (a few ms a key) from a person (100 ms and more).
 */
const MAX_GAP_MS = 120;
/** Whether a key typed at `now` follows one typed at `before` as a scanner's next key would (event timeStamps). */
export const sameBurst = (before: number, now: number): boolean => now - before <= MAX_GAP_MS;
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

/** Whatever keeps the text typed into it: a text field, or an element edited in place. */
const takesText = (el: EventTarget | null): boolean =>
  isTextField(el) || (el instanceof HTMLElement && el.isContentEditable);

/** The shown screen's own scan field, when it has one (Pack, End of day). */
export function scanFieldOf(doc: Document): HTMLInputElement | null {
  return doc.querySelector<HTMLInputElement>(`input[${SCAN_FIELD_ATTR}]`);
}

/**
 * Where a typed character would be lost: nothing has the focus (the element that had it went away), or a button or
 * a link, where a letter does nothing. Not in a dialog, whose keys are its own.
 */
const typedIntoNothing = (el: EventTarget | null): boolean =>
  el instanceof HTMLElement &&
  (el === el.ownerDocument.body ||
    el === el.ownerDocument.documentElement ||
    ((el instanceof HTMLButtonElement || el instanceof HTMLAnchorElement) && !el.closest('dialog')));

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
      // A ref typed by hand where the focus was lost goes into the screen's scan field, as a scan does: the key is
      // typed where the focus is once this handler returns. Not a space, which presses the button it is on.
      const field = e.key !== ' ' && !burst && typedIntoNothing(e.target) ? scanFieldOf(win.document) : null;
      if (field) {
        field.focus();
        return;
      }
      if (burst && t - burst.last > MAX_GAP_MS) burst = null;
      if (burst && burst.target !== e.target) {
        // The focus moved in the middle of a burst (a screen that mounts and focuses its scan field as the scanner
        // types): what went to a place that keeps no text would be lost, and the code scanned short. It moves on
        // with the focus, into the field now typed in.
        if (takesText(burst.target)) burst = null;
        else {
          const carried = burst.chars;
          burst.target = e.target;
          burst.before = isTextField(e.target) ? e.target.value : null;
          if (isTextField(e.target)) setFieldValue(e.target, e.target.value + carried);
        }
      }
      // Typing that starts in any other field that takes text is that field's, however fast.
      if (!burst && !ownField && takesText(e.target)) return;
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

/**
 * Whenever the focus is lost (the button pressed went away with what it did, a dialog closed as its last label was
 * dealt with, a click on nothing), it goes back to the screen's scan field: the desk waits for a scan with the scan
 * field focused. An open dialog keeps its own focus. Returns the way to stop.
 */
export function keepScanFocus(win: Window = window): () => void {
  const doc = win.document;
  let frame = 0;
  const check = () => {
    frame = 0;
    if (doc.activeElement && doc.activeElement !== doc.body) return;
    if (!doc.querySelector('dialog[open]')) scanFieldOf(doc)?.focus();
  };
  const soon = () => {
    frame ||= win.requestAnimationFrame(check);
  };
  // A removed or disabled element loses the focus without a focusout: the page's changes say when to look.
  const changes = new MutationObserver(soon);
  changes.observe(doc.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled'] });
  doc.addEventListener('focusout', soon);
  return () => {
    changes.disconnect();
    doc.removeEventListener('focusout', soon);
    if (frame) win.cancelAnimationFrame(frame);
  };
}
