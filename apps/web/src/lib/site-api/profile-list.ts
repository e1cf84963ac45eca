import { AccountPaths, type ProfileListData } from '@labstat/contracts';
import { request } from '../api-client';

/** The profile with roles, loaded by the route guard (spec 01 §4). */
export const fetchProfileList = () => request<ProfileListData>(AccountPaths.profileList, { silent: true });
