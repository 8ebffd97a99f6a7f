import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

// "Now" for what depends on the time (is an event past?). A prerendered page was rendered at
// build time; hydration must see that same moment or React would find a different page. Right
// after hydration the clock moves to the real time and the page updates where it must.

const NowContext = createContext<number>(0);

export function NowProvider({ renderedAt, children }: { renderedAt: number; children: ReactNode }) {
  const [now, setNow] = useState(renderedAt);
  useEffect(() => setNow(Date.now()), []);
  return <NowContext.Provider value={now}>{children}</NowContext.Provider>;
}

export const useNow = (): number => useContext(NowContext);
