import type { ReactNode } from 'react';

/** Lumbi the earthworm, the guide character (inline SVG, no request). */
export function Mascot({ label, size = 96 }: { label: string; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 100 100" role="img" aria-label={label} className="mascot">
      <ellipse cx="50" cy="90" rx="40" ry="7" fill="#8b5a2b" />
      <path
        d="M18 86c0-16 14-16 14-30s-8-18-2-30 26-12 30 4-6 18-6 28 10 12 16 20"
        fill="none"
        stroke="#e38d8d"
        strokeWidth="14"
        strokeLinecap="round"
      />
      <path d="M24 70h12M27 58h12M28 44h10" stroke="#c96f6f" strokeWidth="2" strokeLinecap="round" />
      <circle cx="40" cy="24" r="4.5" fill="#fff" />
      <circle cx="52" cy="22" r="4.5" fill="#fff" />
      <circle cx="41" cy="25" r="2" fill="#222" />
      <circle cx="53" cy="23" r="2" fill="#222" />
      <path d="M40 33q6 5 13 0" fill="none" stroke="#7a3b3b" strokeWidth="2" strokeLinecap="round" />
      <path d="M30 14q16-12 32 0l-4 4h-24z" fill="#2f6b2f" />
    </svg>
  );
}

/** The character speaking: the mascot beside a speech bubble. */
export function SpeechBubble({
  mascotLabel,
  title,
  children,
}: {
  mascotLabel: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="onboarding-speech">
      <Mascot label={mascotLabel} />
      <div className="onboarding-bubble">
        <h3>{title}</h3>
        {children}
      </div>
    </div>
  );
}
