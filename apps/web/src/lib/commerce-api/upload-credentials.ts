// GET /qcloud/secretkey: short-lived upload credentials and where the bytes go (uploadUrl, prefix).
import { CommercePaths, type UploadCredentials } from '@labstat/contracts';
import { request } from '../api-client';

export const fetchUploadCredentials = () => request<UploadCredentials>(CommercePaths.uploadCredentials, { silent: true });
