import { Bullets, FactTable, Section, TextLink, TextPage } from '../components/page-shell';
import { productName, supportEmail } from '../components/product-name';
import { dataInventory } from '../content/data-inventory';
import { LEGAL_UPDATED } from '../content/updated';
import { i18n } from '@/lib/i18n/i18n';
import { paths } from '@/config/paths';

export default function DataProcessingAgreementPage() {
  const name = productName();
  const mail = supportEmail();
  return (
    <TextPage
      title={i18n._('Data Processing Agreement')}
      description={i18n._(
        'The terms under which {name} processes personal data for business customers who register products and inventory.',
        { name },
      )}
      lead={i18n._(
        'For business users who register products on {name}, the operator acts as a processor for the personal data in those records.',
        { name },
      )}
      updated={LEGAL_UPDATED}
    >
      <Section title={i18n._('1. Scope')}>
        <p>
          {i18n._('This agreement applies when a business user stores data about other people on')} {name}{' '}
          {i18n._(
            '— for example a contact name in a product description, or staff names in inventory notes. For that data the business is the controller and the operator of',
          )}{' '}
          {name}{' '}
          {i18n._(
            "is the processor. For the business user's own account data, the operator is the controller under the",
          )}{' '}
          <TextLink to={paths.privacyPolicy}>{i18n._('Privacy Policy')}</TextLink>.
        </p>
      </Section>

      <Section title={i18n._('2. What is processed')}>
        <FactTable
          caption={i18n._('Categories of data')}
          head={[i18n._('Category'), 'Content']}
          rows={dataInventory.map((d) => [i18n._(d.what), i18n._(d.detail)])}
        />
      </Section>

      <Section title={i18n._('3. Processor obligations')}>
        <Bullets
          items={[
            i18n._(
              "Process the data only to provide the service and on the business user's documented instructions (the actions taken in the app).",
            ),
            i18n._(
              "Keep it on the operator's own server (database and file storage); use no sub-processors other than the mail provider that delivers account e-mails.",
            ),
            i18n._('Restrict access to administrators of the installation, who are bound to confidentiality.'),
            i18n._(
              'Apply the security measures described on the GDPR page: row-level security in the database, hashed passwords, optional two-factor authentication, signed hash-chained records and rate limits.',
            ),
            i18n._(
              'Help the business answer data-subject requests: data can be exported and deleted from the app at any time.',
            ),
            i18n._('Report any personal-data breach to the business without undue delay.'),
          ]}
        />
      </Section>

      <Section title={i18n._('4. Deletion at the end of the service')}>
        <p>
          {i18n._(
            "When the business deletes its account, its records and stored files are deleted at once. Operator backups are overwritten on the operator's normal backup schedule.",
          )}
        </p>
      </Section>

      <Section title={i18n._('5. Audits and contact')}>
        <p>
          {i18n._('Businesses may request information needed to demonstrate compliance by writing to')}{' '}
          <TextLink to={`mailto:${mail}`}>{mail}</TextLink>.
        </p>
      </Section>
    </TextPage>
  );
}
