// Deletes the account (delete-account function: password + typed confirmation, files and rows),
// then signs out through the app's auth provider, which clears local state and goes to /.
import { useMutation } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth';
import { callFunction } from '@/lib/call-function';

export async function deleteAccount(password: string, confirmation: string): Promise<void> {
  await callFunction('delete-account', { password, confirmation });
}

export function useDeleteAccount() {
  const { signOut } = useAuth();
  return useMutation({
    mutationFn: (v: { password: string; confirmation: string }) => deleteAccount(v.password, v.confirmation),
    // The server already ended every session: clear this browser only (no /logout for a deleted user).
    onSuccess: () => signOut({ sessionsEndedByServer: true }),
  });
}
