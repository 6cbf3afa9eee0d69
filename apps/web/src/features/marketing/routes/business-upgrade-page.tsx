// /business-upgrade: where the route guard sends users without the business flag. Explains what
// business accounts get and lets a signed-in user request one (an admin approves it).
import { Link } from 'react-router';
import { profileKnown, useAuth } from '@/lib/auth';
import { Bullets, Section, TextPage } from '../components/page-shell';
import { buttonClasses } from '../components/cta';
import { productName } from '../components/product-name';
import { BusinessRequestForm } from '../components/business-request-form';
import { i18n } from '@/lib/i18n/i18n';
import { paths } from '@/config/paths';

export default function BusinessUpgradePage() {
  const name = productName();
  const auth = useAuth();
  const { user, profile } = auth;
  return (
    <TextPage
      title={i18n._('Business accounts')}
      description={i18n._(
        'What a {name} business account offers — products anyone can verify by serial number, and a tagged inventory — and how to request one.',
        { name },
      )}
      lead={i18n._(
        'Register your products so customers can check them by serial number, and keep your inventory on record.',
      )}
    >
      <Section title={i18n._('What business accounts get')}>
        <Bullets
          items={[
            i18n._('A business dashboard to register products with their serial numbers.'),
            i18n._(
              'A public verification page for every serial (/verify/<serial number>) that anyone can open without an account, with a QR code generated locally to print on labels.',
            ),
            i18n._(
              'Inventory tagging: equipment and stock with photos, documents and SHA-256 fingerprints, like every tagged asset.',
            ),
            i18n._(
              'Everything else in your account stays the same: wallet, referrals, next of kin, export and deletion.',
            ),
          ]}
        />
      </Section>

      <Section title={i18n._('How to get one')}>
        <p>
          {i18n._(
            'Business accounts are not bought or self-assigned: an administrator reviews each request, so a verified serial number means something to your customers. Tell us who you are below; we may reply by e-mail if we need more.',
          )}
        </p>
        {/* Signed in, the profile says whether this is a business account already: nothing until then. */}
        {!profileKnown(auth) ? null : !user ? (
          <div className="flex flex-wrap gap-3">
            <Link to={`${paths.auth}?from=business-upgrade`} className={buttonClasses.primary}>
              {i18n._('Sign in to request')}
            </Link>
            <Link to={paths.businessAuth} className={buttonClasses.secondary}>
              {i18n._('Create a business sign-up')}
            </Link>
          </div>
        ) : profile?.is_business_user ? (
          <div className="rounded-lg border border-green-200 bg-green-50 p-5">
            <p className="font-semibold text-green-900">{i18n._('Your account is already a business account.')}</p>
            <Link to={paths.businessDashboard} className={`${buttonClasses.primary} mt-3`}>
              {i18n._('Open the business dashboard')}
            </Link>
          </div>
        ) : (
          <BusinessRequestForm userId={user.id} />
        )}
      </Section>
    </TextPage>
  );
}
