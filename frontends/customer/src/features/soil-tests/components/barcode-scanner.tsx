import { useEffect, useRef, useState } from 'react';
import { useT } from '../../../lib/i18n';

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorCtor = new (options?: { formats?: string[] }) => BarcodeDetectorLike;

const FORMATS = ['code_128', 'code_39', 'ean_13', 'ean_8', 'itf', 'qr_code', 'data_matrix'];

/** A scanner stops itself when `stop` is called (the camera is released). */
type Stop = () => void;

async function startNative(
  video: HTMLVideoElement,
  Detector: BarcodeDetectorCtor,
  onCode: (code: string) => void,
): Promise<Stop> {
  const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
  video.srcObject = stream;
  await video.play();
  const detector = new Detector({ formats: FORMATS });
  let stopped = false;
  const tick = async () => {
    if (stopped) return;
    try {
      const found = await detector.detect(video);
      const code = found.find((b) => b.rawValue)?.rawValue;
      if (code) return onCode(code);
    } catch {
      // a frame that cannot be read: try the next one
    }
    setTimeout(() => void tick(), 250);
  };
  void tick();
  return () => {
    stopped = true;
    stream.getTracks().forEach((t) => t.stop());
    video.srcObject = null;
  };
}

/** The JS decoder (ZXing) is loaded only when a browser without BarcodeDetector starts a scan. */
async function startZxing(video: HTMLVideoElement, onCode: (code: string) => void): Promise<Stop> {
  const { BrowserMultiFormatReader } = await import('@zxing/browser');
  const reader = new BrowserMultiFormatReader();
  const controls = await reader.decodeFromConstraints(
    { video: { facingMode: 'environment' } },
    video,
    (result) => {
      if (result) onCode(result.getText());
    },
  );
  return () => controls.stop();
}

/** Spec section 5: scan the kit's barcode with the camera (BarcodeDetector where available, else ZXing). */
export function BarcodeScanner({ onCode, onError }: { onCode: (code: string) => void; onError: () => void }) {
  const tr = useT();
  const video = useRef<HTMLVideoElement>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let stop: Stop | undefined;
    let cancelled = false;
    let done = false;
    const found = (code: string) => {
      if (done) return;
      done = true;
      stop?.();
      onCode(code.trim());
    };
    const el = video.current;
    if (!el || !navigator.mediaDevices?.getUserMedia) {
      onError();
      return;
    }
    const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorCtor }).BarcodeDetector;
    (Detector ? startNative(el, Detector, found) : startZxing(el, found))
      .then((s) => {
        if (cancelled || done) s();
        else {
          stop = s;
          setReady(true);
        }
      })
      .catch(() => {
        if (!cancelled) onError();
      });
    return () => {
      cancelled = true;
      stop?.();
    };
    // The camera is started once per mount; onCode and onError are read as given then.
  }, []);
  return (
    <div className="barcode-scanner">
      <video
        ref={video}
        muted
        playsInline
        style={{ width: '100%', maxWidth: 480, background: '#000' }}
        aria-label={tr('customerTests.scanHint')}
      />
      <p className="muted">{ready ? tr('customerTests.scanHint') : tr('customerTests.loading')}</p>
    </div>
  );
}
