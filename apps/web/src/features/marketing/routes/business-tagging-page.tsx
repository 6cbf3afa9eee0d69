import { UseCaseLanding } from '../components/use-case-landing';
import { productName } from '../components/product-name';
import { i18n } from '@/lib/i18n/i18n';

export default function BusinessTaggingPage() {
  const name = productName();
  return (
    <UseCaseLanding
      content={{
        slug: 'business-tagging',
        metaTitle: i18n._('Product verification and inventory for businesses'),
        metaDescription: i18n._(
          'Register your products by serial number so any customer can verify them, and keep a fingerprinted inventory — with a {name} business account.',
          { name },
        ),
        eyebrow: i18n._('For businesses'),
        title: i18n._('Let customers check that your product is genuine'),
        intro: (
          <p>
            {i18n._(
              'Register each product with its serial number. Anyone can then open its verification page — from a link or a QR code on the packaging — and see that the serial was registered by your business. Keep your stock and equipment on record too.',
            )}
          </p>
        ),
        benefits: [
          {
            title: i18n._('Serial-number verification'),
            text: i18n._('A public page per serial number; no app needed by your customers.'),
          },
          { title: i18n._('QR codes'), text: i18n._('Generated locally, ready to print on labels or packaging.') },
          {
            title: i18n._('Inventory'),
            text: i18n._('Tag equipment and stock with photos, documents and fingerprints.'),
          },
          {
            title: i18n._('Reviewed accounts'),
            text: i18n._('Business accounts are approved by an administrator, so verification means something.'),
          },
          {
            title: i18n._('Your data stays yours'),
            text: i18n._('Hosted by the operator, exportable, and covered by our Data Processing Agreement.'),
          },
          { title: i18n._('No trackers'), text: i18n._('Your customers are not tracked when they verify a product.') },
        ],
        steps: [
          { title: i18n._('Create an account'), text: i18n._('Sign up and confirm your e-mail.') },
          {
            title: i18n._('Request business access'),
            text: i18n._('Tell us about your business on the business accounts page; an administrator reviews it.'),
          },
          { title: i18n._('Register products'), text: i18n._('Add serial numbers and print their QR codes.') },
        ],
        finePrint: [
          i18n._(
            'Verification shows that a serial was registered by your account; it does not inspect the physical item.',
          ),
          i18n._('Business access is granted by review, not bought.'),
        ],
        tagLabel: i18n._('Tag inventory'),
      }}
    />
  );
}
