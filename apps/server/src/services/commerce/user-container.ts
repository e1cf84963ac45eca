// Redeem codes, gifts, the free plan, image uploads and profile changes (issue 18, server half B).
import { FreePlanRepo } from '../../repositories/free-plan-repo.js';
import { GiftsRepo } from '../../repositories/gifts-repo.js';
import { ImagesRepo } from '../../repositories/images-repo.js';
import { RedeemRepo } from '../../repositories/redeem-repo.js';
import type { CommerceDeps } from './deps.js';
import { FreePlanService } from './free-plan-service.js';
import { GiftService } from './gift-service.js';
import { ProfileService } from './profile-service.js';
import { RedeemService } from './redeem-service.js';
import { UploadService } from './upload-service.js';

export interface UserCommerce {
  redeem: RedeemService;
  gifts: GiftService;
  uploads: UploadService;
  freePlan: FreePlanService;
  profile: ProfileService;
}

export function createUserCommerce(deps: CommerceDeps): UserCommerce {
  const uploads = new UploadService(deps, new ImagesRepo(deps.db));
  return {
    redeem: new RedeemService(deps, new RedeemRepo(deps.db)),
    gifts: new GiftService(deps, new GiftsRepo(deps.db)),
    uploads,
    freePlan: new FreePlanService(deps, new FreePlanRepo(deps.db), uploads),
    profile: new ProfileService(deps, uploads),
  };
}
