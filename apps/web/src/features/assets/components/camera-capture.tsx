// Photo and video from the device camera (rear camera preferred). Photos are JPEG frames from a
// canvas; videos use MediaRecorder (MP4 where the browser can, else WebM) and stop by themselves
// at the length limit. Hands each capture to the parent as a File with its recorded length.
import { useEffect, useRef, useState } from 'react';
import { Camera, Circle, Square } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { MAX_VIDEO_SECONDS } from '../lib/media-rules';
import { i18n } from '@/lib/i18n/i18n';

interface Props {
  onCapture(file: File, durationSeconds: number | null): void;
  onClose(): void;
}

function recorderType(): { mime: string; ext: string } | null {
  if (typeof MediaRecorder === 'undefined') return null;
  for (const [mime, ext] of [
    ['video/mp4', 'mp4'],
    ['video/webm;codecs=vp9', 'webm'],
    ['video/webm;codecs=vp8', 'webm'],
    ['video/webm', 'webm'],
  ] as const) {
    if (MediaRecorder.isTypeSupported(mime)) return { mime, ext };
  }
  return null;
}

export function CameraCapture({ onCapture, onClose }: Props) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const recorderRef = useRef<MediaRecorder | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [recording, setRecording] = useState(false);
  const [elapsed, setElapsed] = useState(0);

  useEffect(() => {
    let cancelled = false;
    if (!navigator.mediaDevices?.getUserMedia) {
      setError(i18n._('This browser cannot use the camera. Upload files instead.'));
      return;
    }
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: true })
      .catch(() => navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } } }))
      .then((stream) => {
        if (cancelled) {
          stream.getTracks().forEach((t) => t.stop());
          return;
        }
        streamRef.current = stream;
        if (videoRef.current) {
          videoRef.current.srcObject = stream;
          void videoRef.current.play().catch(() => undefined);
        }
      })
      .catch(() => setError(i18n._('Camera access was refused or no camera was found. Upload files instead.')));
    return () => {
      cancelled = true;
      if (recorderRef.current?.state === 'recording') recorderRef.current.stop();
      streamRef.current?.getTracks().forEach((t) => t.stop());
    };
  }, []);

  useEffect(() => {
    if (!recording) return;
    const started = Date.now();
    const timer = setInterval(() => {
      const s = Math.floor((Date.now() - started) / 1000);
      setElapsed(s);
      if (s >= MAX_VIDEO_SECONDS) recorderRef.current?.stop();
    }, 250);
    return () => clearInterval(timer);
  }, [recording]);

  const takePhoto = () => {
    const video = videoRef.current;
    if (!video || !video.videoWidth) return;
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    canvas.getContext('2d')?.drawImage(video, 0, 0);
    canvas.toBlob(
      (blob) => {
        if (blob) onCapture(new File([blob], `photo-${Date.now()}.jpg`, { type: 'image/jpeg' }), null);
      },
      'image/jpeg',
      0.9,
    );
  };

  const startVideo = () => {
    const stream = streamRef.current;
    const type = recorderType();
    if (!stream || !type) {
      setError(i18n._('This browser cannot record video. Upload a video file instead.'));
      return;
    }
    const chunks: Blob[] = [];
    const recorder = new MediaRecorder(stream, { mimeType: type.mime });
    const started = Date.now();
    recorder.ondataavailable = (e) => e.data.size > 0 && chunks.push(e.data);
    recorder.onstop = () => {
      setRecording(false);
      const seconds = Math.min(MAX_VIDEO_SECONDS, (Date.now() - started) / 1000);
      const base = type.mime.split(';')[0]!;
      onCapture(new File(chunks, `video-${Date.now()}.${type.ext}`, { type: base }), Math.round(seconds * 10) / 10);
    };
    recorderRef.current = recorder;
    recorder.start(1000);
    setElapsed(0);
    setRecording(true);
  };

  return (
    <div className="space-y-3 rounded-lg border border-slate-200 bg-slate-900 p-3">
      {error ? (
        <p role="alert" className="p-4 text-sm text-white">
          {error}
        </p>
      ) : (
        <video
          ref={videoRef}
          playsInline
          muted
          className="aspect-video w-full rounded bg-black object-contain"
          aria-label={i18n._('Camera preview')}
        />
      )}
      <div className="flex flex-wrap items-center justify-center gap-2">
        {!error && !recording && (
          <>
            <Button onClick={takePhoto}>
              <Camera className="h-4 w-4" aria-hidden="true" /> {i18n._('Take photo')}
            </Button>
            <Button variant="secondary" onClick={startVideo}>
              <Circle className="h-4 w-4 text-red-400" aria-hidden="true" /> {i18n._('Record video')}
            </Button>
          </>
        )}
        {recording && (
          <Button variant="danger" onClick={() => recorderRef.current?.stop()}>
            <Square className="h-4 w-4" aria-hidden="true" /> {i18n._('Stop (')}
            {elapsed}s / {MAX_VIDEO_SECONDS}s)
          </Button>
        )}
        <Button variant="outline" onClick={onClose} disabled={recording}>
          {i18n._('Close camera')}
        </Button>
      </div>
    </div>
  );
}
