/**
 * A short recording the simulated exchange "makes": 8 kHz mono 16-bit PCM WAV, two soft tones
 * that alternate each half second (so a listener hears that it plays). At most 30 s.
 */
export function generatedWav(seconds: number): Buffer {
  const rate = 8000;
  const samples = Math.max(1, Math.min(30, Math.round(seconds))) * rate;
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) {
    const hz = Math.floor(i / (rate / 2)) % 2 === 0 ? 440 : 660;
    const v = Math.round(Math.sin((2 * Math.PI * hz * i) / rate) * 6000);
    data.writeInt16LE(v, i * 2);
  }
  const head = Buffer.alloc(44);
  head.write('RIFF', 0, 'ascii');
  head.writeUInt32LE(36 + data.length, 4);
  head.write('WAVE', 8, 'ascii');
  head.write('fmt ', 12, 'ascii');
  head.writeUInt32LE(16, 16); // PCM header size
  head.writeUInt16LE(1, 20); // PCM
  head.writeUInt16LE(1, 22); // mono
  head.writeUInt32LE(rate, 24);
  head.writeUInt32LE(rate * 2, 28); // bytes per second
  head.writeUInt16LE(2, 32); // block align
  head.writeUInt16LE(16, 34); // bits per sample
  head.write('data', 36, 'ascii');
  head.writeUInt32LE(data.length, 40);
  return Buffer.concat([head, data]);
}
