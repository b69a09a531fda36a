import { queryOptions } from '@tanstack/react-query'
import type {
  ChannelsPageInput,
  CreateEditPayChannelsInput,
  LifePayChannles,
  PageOutput,
  SetLifePayChannelsStatusInput,
} from '../../../types/api/operator'
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

/** POST /api/LifePay/SetLifePayChannelsStatus (its input in the query string, as the production back end has it). */
export function setLifePayChannelsStatus(input: SetLifePayChannelsStatusInput): Promise<LifePayChannles> {
  return call<LifePayChannles>('POST', `/api/LifePay/SetLifePayChannelsStatus${query(input)}`)
}
