import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Records a voice note with the browser's MediaRecorder (WebM/Ogg Opus; the server checks the bytes). */
export function useVoiceRecorder(onDone: (file: File) => void) {
  const { t } = useTranslation();
  const [recording, setRecording] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const supported = typeof window !== 'undefined' && 'MediaRecorder' in window && !!navigator.mediaDevices;

  const start = useCallback(async () => {
    setError(null);
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const chunks: Blob[] = [];
      const rec = new MediaRecorder(stream);
      rec.ondataavailable = (event) => chunks.push(event.data);
      rec.onstop = () => {
        for (const track of stream.getTracks()) track.stop();
        const type = rec.mimeType || 'audio/webm';
        onDone(new File(chunks, `voice-note.${type.includes('ogg') ? 'ogg' : 'webm'}`, { type }));
      };
      rec.start();
      recorder.current = rec;
      setRecording(true);
    } catch {
      setError(t('The microphone is not available: allow it in the browser to record a voice note.'));
    }
  }, [onDone, t]);

  const stop = useCallback(() => {
    recorder.current?.stop();
    recorder.current = null;
    setRecording(false);
  }, []);

  return { supported, recording, error, start, stop };
}
