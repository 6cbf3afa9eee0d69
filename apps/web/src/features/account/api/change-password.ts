// Password change with the current password checked by the server (change-password function).
import { useMutation } from '@tanstack/react-query';
import { callFunction } from '@/lib/call-function';

export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  await callFunction('change-password', {
    current_password: currentPassword,
    new_password: newPassword,
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (v: { currentPassword: string; newPassword: string }) =>
      changePassword(v.currentPassword, v.newPassword),
  });
}
