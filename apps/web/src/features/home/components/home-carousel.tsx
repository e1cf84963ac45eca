// The home page's slide show, drawn as antd's Carousel draws it (slide in 500 ms, white bar dots at
// the bottom, the current one wider, autoplay paused on hover, swipe on touch screens) without
// antd's Carousel and react-slick, most of the home page's own code (issue 25 item 5).
import { useEffect, useRef, useState, type ReactNode } from 'react';

const SPEED_MS = 500;
const SWIPE_PX = 50;

// antd 6's dot bars (default theme): 16 × 3 px, 24 px when current, white at 0.2 (0.75 on hover).
const CSS = `
.lab-carousel-dots{position:absolute;left:0;right:0;bottom:12px;z-index:15;display:flex;justify-content:center;margin:0;padding:0;list-style:none}
.lab-carousel-dots li{position:relative;display:inline-block;flex:0 1 auto;box-sizing:content-box;width:16px;height:3px;margin:0 4px;padding:0;border-radius:3px;overflow:hidden;transition:all .3s}
.lab-carousel-dots li.active{width:24px}
.lab-carousel-dots li.active::after{content:"";position:absolute;top:0;left:0;width:100%;height:3px;background:#fff;border-radius:3px;pointer-events:none}
.lab-carousel-dots button{position:relative;display:block;width:100%;height:3px;padding:0;color:transparent;font-size:0;background:#fff;border:0;border-radius:3px;outline:none;cursor:pointer;opacity:.2;transition:all .3s}
.lab-carousel-dots button:hover{opacity:.75}
`;

export interface HomeCarouselProps {
  /** One node per slide, in order. */
  slides: ReactNode[];
  /** Time each slide stays, in ms. */
  autoplaySpeed: number;
}

export function HomeCarousel({ slides, autoplaySpeed }: HomeCarouselProps) {
  const n = slides.length;
  // Position on the track: -1 and n are copies of the last and first slides, so the show wraps
  // round in the direction it moves, then jumps (unanimated) to the real slide.
  const [pos, setPos] = useState(0);
  const [animated, setAnimated] = useState(true);
  const [paused, setPaused] = useState(false);
  const touchX = useRef<number | null>(null);
  const current = n === 0 ? 0 : ((pos % n) + n) % n;
  const looping = n > 1;

  useEffect(() => {
    if (pos > n - 1 && pos !== n) {
      setAnimated(false);
      setPos(0);
    }
  }, [n, pos]);

  const go = (to: number) => {
    setAnimated(true);
    setPos(to);
  };

  useEffect(() => {
    if (!looping || paused) return;
    const t = setTimeout(() => go(pos + 1), autoplaySpeed);
    return () => clearTimeout(t);
  }, [looping, paused, pos, autoplaySpeed]);

  const onTransitionEnd = () => {
    if (pos === n || pos === -1) {
      setAnimated(false);
      setPos(pos === n ? 0 : n - 1);
    }
  };

  const track = looping ? [slides[n - 1], ...slides, slides[0]] : slides;
  const offset = looping ? pos + 1 : pos;
  return (
    <div
      style={{ position: 'relative', overflow: 'hidden' }}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onTouchStart={(e) => {
        touchX.current = e.touches[0]?.clientX ?? null;
      }}
      onTouchEnd={(e) => {
        const start = touchX.current;
        const end = e.changedTouches[0]?.clientX;
        touchX.current = null;
        if (!looping || start == null || end == null || Math.abs(end - start) < SWIPE_PX) return;
        go(end < start ? pos + 1 : pos - 1);
      }}
    >
      <style>{CSS}</style>
      <div
        style={{ display: 'flex', transform: `translateX(-${offset * 100}%)`, transition: animated ? `transform ${SPEED_MS}ms ease` : 'none' }}
        onTransitionEnd={onTransitionEnd}
      >
        {track.map((slide, i) => {
          const copy = looping && (i === 0 || i === track.length - 1);
          return (
            <div key={i} style={{ flex: '0 0 100%', minWidth: 0 }} aria-hidden={copy || i - (looping ? 1 : 0) !== current ? true : undefined}>
              {slide}
            </div>
          );
        })}
      </div>
      {looping && (
        <ul className="lab-carousel-dots">
          {slides.map((_, i) => (
            <li key={i} className={i === current ? 'active' : undefined}>
              <button type="button" aria-label={`第 ${i + 1} 张`} onClick={() => go(i)}>
                {i + 1}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
