import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';

// "Now" for what depends on the time (is an event past?). A prerendered page was rendered at
// build time; hydration must see that same moment or React would find a different page. Right
// after hydration the clock moves to the real time and the page updates where it must: as a
// transition, which React holds back until every deferred part below has been hydrated (an
// urgent change would make it throw their prerendered HTML away and render them afresh).

const NowContext = createContext<number>(0);

export function NowProvider({ renderedAt, children }: { renderedAt: number; children: ReactNode }) {
  const [now, setNow] = useState(renderedAt);
  useEffect(() => startTransition(() => setNow(Date.now())), []);
  return <NowContext.Provider value={now}>{children}</NowContext.Provider>;
}

export const useNow = (): number => useContext(NowContext);
