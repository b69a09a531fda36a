import { useMutation } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { addUpdateUserAccountMutationOptions } from '../../../services/api/userAccounts'
import type { AddUpdateUserAccountInput } from '@contract/lifePay'
import { leaveAfterSave, refusalMessage } from '../accountForm'

/**
 * AddUpdateUserAccount, one call at a time (a double tap adds one account). Every saved-account query is refreshed
 * afterwards: the list, home and the top-up pages' pickers show the change at once.
 */
export function useSaveAccount() {
  const inFlight = useRef(false)
  const [leaving, setLeaving] = useState(false)
  const mutation = useMutation(addUpdateUserAccountMutationOptions)
  /**
   * Saves, then says so and leaves; the server's refusal goes to `onRefused`, for the form to show at a field. Once
   * saved the form stays locked while the page leaves: H5's navigation answers before the page has gone, and a second
   * tap in between saved again and went back twice (past the list). A navigation that fails unlocks it.
   */
  const saveAndLeave = async (
    input: AddUpdateUserAccountInput,
    savedText: string,
    onRefused: (message?: string) => void,
  ) => {
    if (inFlight.current) return
    inFlight.current = true
    try {
      await mutation.mutateAsync(input)
    } catch (error) {
      inFlight.current = false
      onRefused(refusalMessage(error))
      return
    }
    setLeaving(true)
    await leaveAfterSave(input.lifePayType, savedText).catch(() => {
      inFlight.current = false
      setLeaving(false)
    })
  }
  return { saveAndLeave, saving: mutation.isPending || leaving }
}
