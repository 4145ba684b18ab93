// pino-roll ships no type declarations; this is the part of its API the desktop logger uses.
declare module 'pino-roll' {
  import type { DestinationStream } from 'pino';
  interface RollOptions {
    file: string | (() => string);
    frequency?: 'daily' | 'hourly' | number;
    size?: string | number;
    limit?: { count: number; removeOtherLogFiles?: boolean };
    mkdir?: boolean;
    extension?: string;
  }
  export default function build(options: RollOptions): Promise<DestinationStream>;
}
