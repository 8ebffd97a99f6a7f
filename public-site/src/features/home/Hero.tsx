import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { HERO_SLIDE_INTERVAL_MS } from '@union/shared/limits';
import { FirstScreenIcon, type FirstScreenIconName } from '../../components/FirstScreenIcon';
import { LocalLink } from '../../components/LocalLink';
import { Logo } from '../../components/Logo';
import { FIRST_SCREEN_IMAGE } from '../../lib/firstScreen';
import { HERO_HEIGHT, HERO_SLIDES, HERO_WIDTH } from './heroImages';

const HIGHLIGHTS: { key: 'cultural' | 'academic' | 'community'; icon: FirstScreenIconName }[] = [
  { key: 'cultural', icon: 'globe' },
  { key: 'academic', icon: 'book' },
  { key: 'community', icon: 'users' },
];

/** Background slideshow: 3 images, a new one every 7 s with a 1 s cross-fade; still for reduced motion. */
function Slideshow() {
  const [index, setIndex] = useState(0);
  // Only the first slide takes part in the first load; the others are added halfway to the
  // first change, so phones download and decode them after the page is usable.
  const [slides, setSlides] = useState(HERO_SLIDES.slice(0, 1));
  useEffect(() => {
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const addOthers = window.setTimeout(() => setSlides(HERO_SLIDES), HERO_SLIDE_INTERVAL_MS / 2);
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % HERO_SLIDES.length), HERO_SLIDE_INTERVAL_MS);
    return () => {
      window.clearTimeout(addOthers);
      window.clearInterval(timer);
    };
  }, []);
  return (
    <div className="absolute inset-0" aria-hidden="true">
      {slides.map((slide, i) => (
        <picture key={slide.src} className="contents">
          <source type="image/avif" srcSet={slide.avifSrcSet} sizes="100vw" />
          <img
            src={slide.src}
            srcSet={slide.srcSet}
            sizes="100vw"
            alt=""
            width={HERO_WIDTH}
            height={HERO_HEIGHT}
            // The first slide is the page's largest paint; the others load once the page is idle.
            loading={i === 0 ? 'eager' : 'lazy'}
            {...(i === 0 ? FIRST_SCREEN_IMAGE : { fetchPriority: 'low' as const })}
            decoding="async"
            // A 1 s cross-fade (docs/decisions.md); classes, not a style attribute, which the security policy forbids.
            className={`absolute inset-0 size-full object-cover transition-opacity duration-1000 ease-in-out ${i === index ? 'opacity-100' : 'opacity-0'}`}
            data-active={i === index}
          />
        </picture>
      ))}
      <div className="absolute inset-0 bg-gradient-to-b from-black/70 via-black/55 to-black/80" />
    </div>
  );
}

export function Hero() {
  const { t } = useTranslation();
  return (
    <section className="relative isolate overflow-hidden bg-ink text-white" aria-labelledby="hero-title">
      <Slideshow />
      <div className="relative container-page flex min-h-[34rem] flex-col items-center justify-center py-16 text-center">
        <Logo className="size-20 drop-shadow-lg sm:size-24" title={t('home.logoAlt')} />
        <h1
          id="hero-title"
          className="mt-6 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl"
        >
          {t('home.heroTitle')}
        </h1>
        <p className="mt-4 max-w-2xl text-lg text-balance text-gray-100 sm:text-xl">{t('home.heroSubtitle')}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <LocalLink to="/events" className="btn btn-primary px-6 text-base">
            {t('home.exploreEvents')}
            <FirstScreenIcon name="arrow" className="size-4 rtl:-scale-x-100" />
          </LocalLink>
          <LocalLink to="/about" className="btn border border-white/70 px-6 text-base text-white hover:bg-white/10">
            {t('home.learnMore')}
          </LocalLink>
        </div>
        <ul className="mt-12 grid w-full max-w-4xl gap-4 sm:grid-cols-3">
          {HIGHLIGHTS.map((h) => (
            <li key={h.key} className="rounded-2xl border border-white/15 bg-black/40 p-5 text-start backdrop-blur-sm">
              <FirstScreenIcon name={h.icon} className="size-7 text-brand-soft" />
              <h2 className="mt-3 font-bold">{t(`home.highlights.${h.key}Title`)}</h2>
              <p className="mt-1 text-sm text-gray-200">{t(`home.highlights.${h.key}Text`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
