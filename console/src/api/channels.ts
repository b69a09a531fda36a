import { queryOptions } from '@tanstack/react-query'
import type {
  ChannelsPageInput,
  CreateEditPayChannelsInput,
  LifePayChannles,
  SetLifePayChannelsStatusInput,
} from '@contract/operator'
import type { PageOutput } from '@contract/pageModel'
import { call, query } from './http'

/** POST /api/LifePay/GetLifePayChannlesPage */
export function getChannelsPage(input: ChannelsPageInput): Promise<PageOutput<LifePayChannles>> {
  return call<PageOutput<LifePayChannles>>('POST', '/api/LifePay/GetLifePayChannlesPage', input)
}

export const channelsPageQuery = (input: ChannelsPageInput) =>
  queryOptions({
    queryKey: ['channels', 'page', input],
    queryFn: () => getChannelsPage(input),
    placeholderData: (previous) => previous,
  })

/** POST /api/LifePay/CreateEditPayChannels: without `id` creates channel `channlesNum`, with it edits channel `id`. */
export function createEditPayChannels(input: CreateEditPayChannelsInput): Promise<LifePayChannles> {
  return call<LifePayChannles>('POST', '/api/LifePay/CreateEditPayChannels', input)
}

/** GET /api/LifePay/SetLifePayChannelsStatus (a GET that writes, as production has it; it takes the CSRF token). */
export function setLifePayChannelsStatus(input: SetLifePayChannelsStatusInput): Promise<LifePayChannles> {
  return call<LifePayChannles>('GET', `/api/LifePay/SetLifePayChannelsStatus${query(input)}`)
}

/** Every channel, page by page (channels are few; the user channel picker lists them all). */
export async function getAllChannels(): Promise<LifePayChannles[]> {
  const channels: LifePayChannles[] = []
  for (let page = 1; ; page++) {
    const answer = await getChannelsPage({ pageModel: { page, rows: 100 } })
    channels.push(...answer.data)
    if (answer.data.length < 100 || page >= answer.pageModel.totalPage) return channels
  }
}

export const allChannelsQuery = queryOptions({ queryKey: ['channels', 'all'], queryFn: getAllChannels })
