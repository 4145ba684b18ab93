import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SerialPort } from 'serialport';

export const socatMissing = spawnSync('socat', ['-V']).error ? 'socat is not installed (apt-get install socat)' : null;

export type FakeProtocol = 'nci' | 'mt-sics' | 'continuous';

export interface FakeScaleOptions {
  /**
   * NCI: the status bytes alone on their line, `<LF>0002.40kg<CR><LF>hh<CR><ETX>`, as the NCI 7800 and 7821 and
   * Brecknell 3700LP manuals write the answer (else `Shh`, as other NCI scales send it).
   */
  nciBareStatus?: boolean;
}

/**
 * A bench scale on a pseudo-terminal: socat joins two ptys, the station opens one (`device`), this fake scale
 * answers on the other as a scale of that protocol would. `unplug` ends socat: the station's end goes away, as when
 * a cable is pulled.
 */
export async function startFakeScale(protocol: FakeProtocol, at?: string, opts: FakeScaleOptions = {}) {
  const dir = at ?? mkdtempSync(join(tmpdir(), 'fake-scale-'));
  const scaleEnd = join(dir, 'scale');
  const device = join(dir, 'station');
  const socat: ChildProcess = spawn('socat', [`pty,raw,echo=0,link=${scaleEnd}`, `pty,raw,echo=0,link=${device}`], {
    stdio: 'ignore',
  });
  for (let i = 0; i < 100 && !(existsSync(scaleEnd) && existsSync(device)); i++)
    await new Promise((r) => setTimeout(r, 50));
  const port = new SerialPort({ path: scaleEnd, baudRate: 9600 });
  await new Promise<void>((res, rej) => port.once('open', res).once('error', rej));

  let weightKg = 0;
  let stable = true;
  let over = false;
  let asked = 0;

  const nciFrame = () => {
    const s = opts.nciBareStatus ? '' : 'S';
    if (over) return `\n^^^^^^^\r\n${s}02\r\x03`;
    const weight = opts.nciBareStatus
      ? `${weightKg.toFixed(2).padStart(7, '0')}kg`
      : `${weightKg.toFixed(3).padStart(8)}KG`;
    return `\n${weight}\r\n${s}${stable ? '0' : '1'}0\r\x03`;
  };
  const sicsFrame = () =>
    over ? 'S +\r\n' : `S ${stable ? 'S' : 'D'} ${(weightKg * 1000).toFixed(1).padStart(10)} g\r\n`;
  const casFrame = () =>
    over ? 'OL,GS,+  ---.--kg\r\n' : `${stable ? 'ST' : 'US'},GS,+${weightKg.toFixed(3).padStart(8)}kg\r\n`;

  let buffer = '';
  port.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('latin1');
    if (protocol === 'nci' && buffer.includes('W\r')) {
      buffer = '';
      asked++;
      port.write(nciFrame());
    }
    if (protocol === 'mt-sics' && buffer.includes('SI\r\n')) {
      buffer = '';
      asked++;
      port.write(sicsFrame());
    }
  });
  const talker = protocol === 'continuous' ? setInterval(() => port.isOpen && port.write(casFrame()), 100) : null;

  return {
    dir,
    device,
    /** How many times the station asked for the weight (polled protocols). */
    asked: () => asked,
    set(kg: number, opts: { stable?: boolean } = {}) {
      weightKg = kg;
      stable = opts.stable ?? true;
      over = false;
    },
    overload() {
      over = true;
    },
    /** The cable is pulled: socat ends and both ptys go away. */
    async unplug() {
      if (talker) clearInterval(talker);
      if (socat.exitCode === null) {
        const exited = new Promise((r) => socat.once('exit', r));
        socat.kill('SIGTERM');
        await exited;
      }
      if (port.isOpen) await new Promise((r) => port.close(r));
    },
    async stop() {
      await this.unplug();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type FakeScale = Awaited<ReturnType<typeof startFakeScale>>;
