import { Bullets, Section, TextLink, TextPage } from '../components/page-shell';
import { productName } from '../components/product-name';
import { i18n } from '@/lib/i18n/i18n';
import { paths } from '@/config/paths';

export default function AboutUsPage() {
  const name = productName();
  return (
    <TextPage
      title={i18n._('About {name}', { name })}
      description={i18n._(
        'Why {name} exists: simple, private, verifiable records of the things people own and the products businesses make.',
        { name },
      )}
      lead={i18n._('Proof of ownership should not need a notary, a shoebox of receipts or a public blockchain.')}
    >
      <Section title={i18n._('What we build')}>
        <p>
          {name}{' '}
          {i18n._(
            'is a web app for registering belongings and products. You photograph or upload what you own, we fingerprint the files and record them in a tamper-evident ledger, and you decide who may see them: nobody, your next of kin, or everyone. Businesses register serial numbers so their customers can check that a product is genuine.',
          )}
        </p>
      </Section>

      <Section title={i18n._('What we believe')}>
        <Bullets
          items={[
            i18n._('Your records are yours: export them whenever you like, delete them whenever you like.'),
            i18n._(
              'Privacy by default: assets are private until you make them public, and the app loads nothing from third parties.',
            ),
            i18n._(
              'Security lives on the server: what you may do is decided by the database, not by the page in your browser.',
            ),
            i18n._(
              'Plain words: TMT is an in-app credit, not a coin; our ledger is tamper-evident, not a public blockchain.',
            ),
          ]}
        />
      </Section>

      <Section title={i18n._('How it is built')}>
        <p>
          {name}{' '}
          {i18n._(
            "is a single web server with a PostgreSQL database. It can run on one machine or several, and every part of it — accounts, data, files and the ledger — stays under the operator's control. Read more in the",
          )}{' '}
          <TextLink to={paths.documentation}>{i18n._('Documentation')}</TextLink>.
        </p>
      </Section>

      <Section title={i18n._('Get involved')}>
        <p>
          {i18n._('Suggest features in the')} <TextLink to={paths.dao}>{i18n._('community')}</TextLink>{' '}
          {i18n._('section, see')} <TextLink to={paths.careers}>{i18n._('Careers')}</TextLink>
          {i18n._(', or reach us through')} <TextLink to={paths.support}>{i18n._('Support')}</TextLink>.
        </p>
      </Section>
    </TextPage>
  );
}
