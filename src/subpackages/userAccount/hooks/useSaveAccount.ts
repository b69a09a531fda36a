import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRef } from 'react'
import { addUpdateUserAccount } from '../../../services/api/lifePay'
import { queryKeys } from '../../../services/queryKeys'
import type { AddUpdateUserAccountInput } from '../../../../types/api/lifePay'
import { leaveAfterSave, refusalMessage } from '../accountForm'

/**
 * AddUpdateUserAccount, one call at a time (a double tap adds one account). Every saved-account query is refreshed
 * afterwards: the list, home and the top-up pages' pickers show the change at once.
 */
export function useSaveAccount() {
  const queryClient = useQueryClient()
  const inFlight = useRef(false)
  const mutation = useMutation({
    mutationFn: (input: AddUpdateUserAccountInput) => addUpdateUserAccount(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.userAccountsRoot }),
  })
  /** The saved id, or undefined when a save was already under way. Rejects with the server's refusal. */
  const save = async (input: AddUpdateUserAccountInput): Promise<string | undefined> => {
    if (inFlight.current) return undefined
    inFlight.current = true
    try {
      return await mutation.mutateAsync(input)
    } finally {
      inFlight.current = false
    }
  }
  /** Saves, then says so and leaves; the server's refusal goes to `onRefused`, for the form to show at a field. */
  const saveAndLeave = async (
    input: AddUpdateUserAccountInput,
    savedText: string,
    onRefused: (message?: string) => void,
  ) => {
    try {
      const id = await save(input)
      if (id !== undefined) leaveAfterSave(input.lifePayType, savedText)
    } catch (error) {
      onRefused(refusalMessage(error))
    }
  }
  return { saveAndLeave, saving: mutation.isPending }
}
