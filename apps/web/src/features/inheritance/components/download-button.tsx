// A button that downloads what was released to an heir (a certificate or an archive), with the
// one way its failure is told: a toast worded by downloadFailure (too large for one archive, too
// many archives this hour, or the refusal's own message).
import { toast } from 'sonner';
import { Button, type ButtonProps } from '@/components/ui/button';
import { downloadFailure } from '../lib/released';

export function DownloadButton({
  pending,
  download,
  ...props
}: Omit<ButtonProps, 'onClick' | 'loading' | 'variant'> & {
  pending: boolean;
  download(): Promise<unknown>;
}) {
  return (
    <Button
      variant="outline"
      loading={pending}
      onClick={() => download().catch((err: unknown) => void toast.error(downloadFailure(err)))}
      {...props}
    />
  );
}
