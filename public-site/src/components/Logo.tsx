/** The union's mark (also public/logo.svg): a keystone of the flag's colours around an olive branch. */
export function Logo({ className = 'size-10', title }: { className?: string; title?: string }) {
  return (
    <svg
      viewBox="0 0 64 64"
      className={className}
      role={title ? 'img' : undefined}
      aria-label={title}
      aria-hidden={title ? undefined : true}
    >
      <circle cx="32" cy="32" r="31" fill="#fff" />
      <path d="M32 1a31 31 0 0 1 26.8 15.5H5.2A31 31 0 0 1 32 1z" fill="#111" />
      <path d="M5.2 47.5h53.6A31 31 0 0 1 32 63 31 31 0 0 1 5.2 47.5z" fill="#007a3d" />
      <path d="M5.2 16.5 30 32 5.2 47.5A31 31 0 0 1 5.2 16.5z" fill="#ce1126" />
      <path
        d="M38 40c6-2 10-8 10-15-5 1-9 5-10 10m0 5c-3-4-8-6-12-5 2 4 6 6 12 5m0 0v6"
        fill="none"
        stroke="#007a3d"
        strokeWidth="2.5"
        strokeLinecap="round"
      />
      <circle cx="32" cy="32" r="30" fill="none" stroke="#111" strokeOpacity=".15" strokeWidth="2" />
    </svg>
  );
}
