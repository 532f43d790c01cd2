import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Icon } from './icon';
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from './icons';

export const CAROUSEL_INTERVAL_MS = 5000;
export const SWIPE_THRESHOLD_PX = 40;

export interface CarouselSlide {
  label: string;
  content: ReactNode;
}

function prefersReducedMotion() {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Rotating slides for marketing pages (SPEC §9: 5000 ms, 40 px swipe). Rotation stops while
 * hovered or focused, when the user presses Pause, and never starts under reduced motion.
 */
export function Carousel({ label, slides }: { label: string; slides: CarouselSlide[] }) {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(prefersReducedMotion);
  const swipeStart = useRef<number | null>(null);
  const id = useId();
  const rotating = !stopped && !hovered && !focused && slides.length > 1;

  useEffect(() => {
    if (!rotating) return;
    const timer = setInterval(() => setIndex((current) => (current + 1) % slides.length), CAROUSEL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [rotating, slides.length]);

  const go = (step: number) => setIndex((current) => (current + step + slides.length) % slides.length);

  return (
    <section
      className="ui-carousel"
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      onPointerDown={(event) => {
        swipeStart.current = event.clientX;
      }}
      onPointerUp={(event) => {
        if (swipeStart.current === null) return;
        const distance = event.clientX - swipeStart.current;
        swipeStart.current = null;
        if (Math.abs(distance) >= SWIPE_THRESHOLD_PX) go(distance < 0 ? 1 : -1);
      }}
    >
      <div className="ui-carousel-controls">
        <button
          type="button"
          className="button is-small"
          onClick={() => setStopped((value) => !value)}
          aria-label={stopped ? 'Start slide rotation' : 'Stop slide rotation'}
        >
          <Icon icon={stopped ? PlayIcon : PauseIcon} />
        </button>
        <button type="button" className="button is-small" onClick={() => go(-1)} aria-controls={id} aria-label="Previous slide">
          <Icon icon={ChevronLeftIcon} />
        </button>
        <button type="button" className="button is-small" onClick={() => go(1)} aria-controls={id} aria-label="Next slide">
          <Icon icon={ChevronRightIcon} />
        </button>
      </div>
      <div id={id} className="ui-carousel-slides" aria-live={rotating ? 'off' : 'polite'}>
        {slides.map((slide, slideIndex) => (
          <div
            key={slide.label}
            role="group"
            aria-roledescription="slide"
            aria-label={`${slideIndex + 1} of ${slides.length}: ${slide.label}`}
            hidden={slideIndex !== index}
          >
            {slide.content}
          </div>
        ))}
      </div>
      <div className="ui-carousel-dots">
        {slides.map((slide, slideIndex) => (
          <button
            key={slide.label}
            type="button"
            className="ui-carousel-dot"
            aria-label={`Show slide ${slideIndex + 1}: ${slide.label}`}
            aria-current={slideIndex === index || undefined}
            onClick={() => setIndex(slideIndex)}
          />
        ))}
      </div>
    </section>
  );
}
