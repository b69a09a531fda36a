import { useMutation, useQueryClient } from '@tanstack/react-query'
import { confirmDelete, DialogCancelled } from '../../../components/dialogStore'
import { deleteUserAccount } from '../../../services/api/lifePay'
import { queryKeys } from '../../../services/queryKeys'

/** The SPEC's delete confirmation, then DeleteUserAccount (id in the query); every saved-account query refreshes. */
export function useDeleteAccount() {
  const queryClient = useQueryClient()
  const mutation = useMutation({
    mutationFn: (id: string) => deleteUserAccount({ id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.userAccountsRoot }),
  })
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
      await mutation.mutateAsync(id)
      return true
    } catch {
      return false
    }
  }
  return { remove, deleting: mutation.isPending ? mutation.variables : undefined }
}
