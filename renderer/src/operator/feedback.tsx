import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * What an operator notices from across the bench: a sound and a full-width colour for the three outcomes that
 * matter. The sound is Web Audio (no files to ship, nothing to load): printed rises, needs attention repeats a
 * middle tone, failed falls low and long. The colour is the band under the header and the page's edge, for a few
 * seconds (printed) or until the next scan (attention, failed). Sound can be turned off in Settings, per desk.
 */
export type Outcome = 'printed' | 'attention' | 'failed';

const SOUND_KEY = 'desk.sound';
/** Each outcome's notes: frequency (Hz) and length (ms), and the wave. */
const TUNES: Record<Outcome, { wave: OscillatorType; notes: Array<[number, number]> }> = {
  printed: {
    wave: 'sine',
    notes: [
      [880, 90],
      [1320, 140],
    ],
  },
  attention: {
    wave: 'triangle',
    notes: [
      [660, 140],
      [0, 80],
      [660, 140],
      [0, 80],
      [660, 140],
    ],
  },
  failed: {
    wave: 'square',
    notes: [
      [330, 220],
      [220, 420],
    ],
  },
};
const COLOUR_MS: Record<Outcome, number | null> = { printed: 2500, attention: null, failed: null };

export const soundOn = (): boolean => localStorage.getItem(SOUND_KEY) !== 'off';
export const setSound = (on: boolean): void => localStorage.setItem(SOUND_KEY, on ? 'on' : 'off');

let audio: AudioContext | null = null;
/**
 * Browsers start audio only after a key or a click: the context is made at the operator's first one (a desk is
 * used with the keyboard from the start), so that the first outcome already sounds.
 */
function unlockAudio(): void {
  try {
    audio ??= new AudioContext();
    if (audio.state === 'suspended') void audio.resume();
  } catch {
    audio = null;
  }
}

function play(outcome: Outcome): void {
  if (!soundOn() || !audio) return;
  const { wave, notes } = TUNES[outcome];
  let at = audio.currentTime;
  for (const [hz, ms] of notes) {
    if (hz > 0) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.type = wave;
      osc.frequency.value = hz;
      gain.gain.setValueAtTime(0.25, at);
      gain.gain.exponentialRampToValueAtTime(0.001, at + ms / 1000);
      osc.connect(gain).connect(audio.destination);
      osc.start(at);
      osc.stop(at + ms / 1000);
    }
    at += ms / 1000;
  }
}

interface FeedbackApi {
  /** Sounds and shows an outcome. */
  signal: (outcome: Outcome) => void;
  /** The colour goes (the operator moved on: a new scan); with `only`, just that outcome's. */
  clear: (only?: Outcome) => void;
  shown: Outcome | null;
}

const FeedbackContext = createContext<FeedbackApi>({ signal: () => undefined, clear: () => undefined, shown: null });

export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<Outcome | null>(null);
  const timer = useRef<number | null>(null);

  useEffect(() => {
    window.addEventListener('keydown', unlockAudio, true);
    window.addEventListener('pointerdown', unlockAudio, true);
    return () => {
      window.removeEventListener('keydown', unlockAudio, true);
      window.removeEventListener('pointerdown', unlockAudio, true);
    };
  }, []);

  // The colour is the page's own state, so that anything (a test, a screen reader's style) can see it.
  useEffect(() => {
    if (shown) document.documentElement.dataset.feedback = shown;
    else delete document.documentElement.dataset.feedback;
  }, [shown]);

  const clear = useCallback((only?: Outcome) => {
    setShown((s) => {
      if (only && s !== only) return s;
      if (timer.current !== null) window.clearTimeout(timer.current);
      timer.current = null;
      return null;
    });
  }, []);

  const signal = useCallback((outcome: Outcome) => {
    play(outcome);
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = null;
    setShown(outcome);
    const ms = COLOUR_MS[outcome];
    if (ms !== null) timer.current = window.setTimeout(() => setShown(null), ms);
  }, []);

  return (
    <FeedbackContext.Provider value={{ signal, clear, shown }}>
      {children}
      <div className={`feedback-band${shown ? ` feedback-${shown}` : ''}`} aria-hidden="true" />
    </FeedbackContext.Provider>
  );
}

export const useFeedback = (): FeedbackApi => useContext(FeedbackContext);
