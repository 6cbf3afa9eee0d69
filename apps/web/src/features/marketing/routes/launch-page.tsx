import { Link } from 'react-router';
import { Bullets, Section, TextLink, TextPage } from '../components/page-shell';
import { buttonClasses, CtaButtons } from '../components/cta';
import { productName } from '../components/product-name';
import { i18n } from '@/lib/i18n/i18n';
import { paths } from '@/config/paths';

export default function LaunchPage() {
  const name = productName();
  return (
    <TextPage
      title={i18n._('{name} is live', { name })}
      description={i18n._(
        'What you can do with {name} today, what TMT credits are (an in-app credit, not a cryptocurrency), and how to get started.',
        { name },
      )}
      lead={i18n._('Own it. Prove it. Share it. Everything below works today — no waiting list, no token sale.')}
    >
      <CtaButtons from="launch" />

      <Section title={i18n._('What you can do today')}>
        <Bullets
          items={[
            i18n._(
              'Tag belongings, digital works and documents with photos, video or PDF, each file fingerprinted with SHA-256.',
            ),
            i18n._('Keep assets private or publish them in the public gallery.'),
            i18n._('Name your next of kin.'),
            i18n._(
              'Verify any registered product by its serial number; businesses can request an account to register their own.',
            ),
            i18n._('Invite friends with your referral link and QR code, and earn TMT when they join.'),
            i18n._('Export or delete all your data yourself.'),
          ]}
        />
      </Section>

      <Section title={i18n._('About TMT')}>
        <p>
          {i18n._('TMT is the credit you use inside')} {name}
          {i18n._(
            ". You receive a sign-up bonus when you confirm your e-mail, earn more through referrals, and spend it when you tag an asset (the cost is shown before you confirm). Every movement is recorded in your wallet, and balances can only change through the server's ledger.",
          )}
        </p>
        <p className="rounded-md bg-amber-50 p-4 text-amber-900">
          {i18n._('TMT is')} <strong>{i18n._('not')}</strong>{' '}
          {i18n._(
            'a cryptocurrency, is not sold, and cannot be exchanged for money. There is no token sale and there never was an ICO. Anyone offering to sell you TMT is not us.',
          )}
        </p>
      </Section>

      <Section title={i18n._('Spread the word')}>
        <p>
          {i18n._('Your')} <TextLink to={paths.referrals}>{i18n._('Referrals')}</TextLink>{' '}
          {i18n._(
            'page builds links to each of our landing pages with your code in them, and a QR code you can print. Influencers can sign up through the influencer sign-up page.',
          )}
        </p>
        <div className="flex flex-wrap gap-3">
          <Link to={paths.influencerSignup} className={buttonClasses.secondary}>
            {i18n._('Influencer sign-up')}
          </Link>
          <Link to={paths.publicAssets} className={buttonClasses.secondary}>
            {i18n._('See public assets')}
          </Link>
        </div>
      </Section>

      <Section title={i18n._('What comes next')}>
        <p>
          {i18n._('We announce new features in the News section, and you can propose your own — see')}{' '}
          <TextLink to={paths.dao}>{i18n._('Community')}</TextLink>.
        </p>
      </Section>
    </TextPage>
  );
}
