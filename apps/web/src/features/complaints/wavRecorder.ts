import { type IMediaRecorder, MediaRecorder, register } from 'extendable-media-recorder';
import { connect } from 'extendable-media-recorder-wav-encoder';

/**
 * Voice notes recorded as WAV in the browser (extendable-media-recorder with its WAV encoder worker):
 * the server accepts wav only, checked by content, and never transcodes.
 */
let registered: Promise<void> | null = null;
function ensureWavEncoder(): Promise<void> {
  registered ??= connect().then(register);
  return registered;
}

export interface WavRecording {
  stop(): Promise<Blob>;
  cancel(): void;
}

/** Starts recording the microphone; `stop()` resolves with the WAV blob. */
export async function startWavRecording(): Promise<WavRecording> {
  await ensureWavEncoder();
  const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  const recorder: IMediaRecorder = new MediaRecorder(stream, { mimeType: 'audio/wav' });
  const chunks: Blob[] = [];
  recorder.addEventListener('dataavailable', (e) => {
    if (e.data.size > 0) chunks.push(e.data);
  });
  const release = () => {
    for (const track of stream.getTracks()) track.stop();
  };
  recorder.start();
  return {
    stop: () =>
      new Promise<Blob>((resolve) => {
        recorder.addEventListener('stop', () => {
          release();
          resolve(new Blob(chunks, { type: 'audio/wav' }));
        });
        recorder.stop();
      }),
    cancel: () => {
      if (recorder.state !== 'inactive') recorder.stop();
      release();
    },
  };
}
