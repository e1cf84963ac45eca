// POST /ops/content/carousel/delete: removes a slide.
import { OpsPaths, type OpsIdBody } from '@labstat/contracts';
import { useOpsPost } from './ops-request';

export const useCarouselDelete = () => useOpsPost<OpsIdBody>(OpsPaths.carouselDelete, [['ops', 'content', 'carousel']]);
