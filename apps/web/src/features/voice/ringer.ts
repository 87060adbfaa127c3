/**
 * The ring of an incoming call, made by Web Audio (no sound file to ship): the usual two tones, two seconds on
 * and four off, until it is answered, refused or given up. Silent where the browser allows no sound yet.
 */
const ON_MS = 2_000;
const PERIOD_MS = 6_000;
const TONES = [440, 480] as const;
const VOLUME = 0.08;

let context: AudioContext | null = null;
let timer: ReturnType<typeof setInterval> | null = null;
let sounding: { stop: () => void } | null = null;

function burst(ctx: AudioContext): { stop: () => void } {
  const gain = ctx.createGain();
  gain.gain.value = VOLUME;
  gain.connect(ctx.destination);
  const end = ctx.currentTime + ON_MS / 1000;
  const oscillators = TONES.map((frequency) => {
    const osc = ctx.createOscillator();
    osc.frequency.value = frequency;
    osc.connect(gain);
    osc.start();
    osc.stop(end);
    return osc;
  });
  return {
    stop: () => {
      for (const osc of oscillators) {
        try {
          osc.stop();
        } catch {
          // already stopped
        }
      }
      gain.disconnect();
    },
  };
}

export function startRinging(): void {
  if (timer !== null || typeof AudioContext === 'undefined') return;
  try {
    context ??= new AudioContext();
    void context.resume().catch(() => undefined);
  } catch {
    return;
  }
  const ctx = context;
  const ring = () => {
    sounding?.stop();
    sounding = burst(ctx);
  };
  ring();
  timer = setInterval(ring, PERIOD_MS);
}

export function stopRinging(): void {
  if (timer !== null) clearInterval(timer);
  timer = null;
  sounding?.stop();
  sounding = null;
}
