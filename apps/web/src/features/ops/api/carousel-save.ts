// POST /ops/content/carousel/save: creates (no id) or edits a slide.
import { OpsPaths, type CarouselSlideSave } from '@labstat/contracts';
import { useOpsPost } from './ops-request';

export const useCarouselSave = () => useOpsPost<CarouselSlideSave>(OpsPaths.carouselSave, [['ops', 'content', 'carousel']]);
