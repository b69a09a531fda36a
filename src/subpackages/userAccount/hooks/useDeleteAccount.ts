import { useMutation } from '@tanstack/react-query'
import { confirmDelete, DialogCancelled } from '../../../components/dialogStore'
import { deleteUserAccountMutationOptions } from '../../../services/api/userAccounts'

/** The SPEC's delete confirmation, then DeleteUserAccount (id in the query); every saved-account query refreshes. */
export function useDeleteAccount() {
  const mutation = useMutation(deleteUserAccountMutationOptions)
  /**
   * True when deleted; false when the user cancelled or the server refused (the request layer said why). The SPEC's
   * question names `name`, the account as its card shows it, beneath it.
   */
  const remove = async (id: string, name: string): Promise<boolean> => {
    try {
      await confirmDelete({ detail: name })
    } catch (error) {
      if (error instanceof DialogCancelled) return false
      throw error
    }
    try {
      await mutation.mutateAsync({ id })
      return true
    } catch {
      return false
    }
  }
  return { remove, deleting: mutation.isPending ? mutation.variables.id : undefined }
}
