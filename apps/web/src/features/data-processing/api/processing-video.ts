// GET /anatools/v2/dataProcessing/video?processId: the method's video signature; status 1 means a
// video exists (otherwise the screen says 暂无视频).
import { ProcessingPaths, type VideoData } from '@labstat/contracts';
import { requestEnvelope } from '../../../lib/api-client';

export async function fetchProcessingVideo(processId: number): Promise<VideoData> {
  return (await requestEnvelope<VideoData>(ProcessingPaths.video, { query: { processId }, silent: true })).data;
}
