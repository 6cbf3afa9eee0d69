// Every server function, by name. Add one line per function module.
import type { ServerFunction } from './types.js';
import { submitBugReport } from './submit-bug-report.js';
import { exportMyData } from './export-my-data.js';
import { deleteAccount } from './delete-account.js';
import { changePassword } from './change-password.js';
import { registerAsset } from './register-asset.js';
import { deleteAsset } from './delete-asset.js';
import { assetCertificate } from './asset-certificate.js';
import { contactOwner } from './contact-owner.js';
import { mailPreferences } from './mail-preferences.js';
import { ledgerCheckpoints } from './ledger-checkpoints.js';
import { publicAssetMedia } from './public-asset-media.js';
import { publicAsset, publicAssets } from './public-assets.js';
import { myAssets } from './my-assets.js';
import { myAsset } from './my-asset.js';
import { scanUnit } from './scan-unit.js';
import { verifySerial } from './verify-serial.js';
import { reportContent } from './report-content.js';
import { unitLabelQr } from './unit-label-qr.js';
import { importUnits } from './import-units.js';
import { importUnitsStream } from './import-units-stream.js';
import { unitLabelsPdf } from './unit-labels-pdf.js';
import { addAssetMedia } from './add-asset-media.js';
import { adminBanUser } from './admin-ban-user.js';
import { adminDecideBusinessRequest } from './admin-decide-business-request.js';
import { createCheckoutSession } from './create-checkout-session.js';
import { cancelCheckout } from './cancel-checkout.js';
import { stripeWebhook } from './stripe-webhook.js';
import { createPayment } from './create-payment.js';
import { paystackWebhook } from './paystack-webhook.js';
import { mtnMomoCallback } from './mtn-momo-callback.js';
import { refundPurchase } from './refund-purchase.js';
import { legacyAsset } from './legacy-asset.js';
import { legacyArchive } from './legacy-archive.js';

export const serverFunctions: ServerFunction[] = [
  submitBugReport,
  exportMyData,
  deleteAccount,
  changePassword,
  registerAsset,
  deleteAsset,
  assetCertificate,
  contactOwner,
  mailPreferences,
  ledgerCheckpoints,
  publicAssetMedia,
  publicAssets,
  myAssets,
  myAsset,
  publicAsset,
  scanUnit,
  verifySerial,
  reportContent,
  unitLabelQr,
  importUnits,
  importUnitsStream,
  unitLabelsPdf,
  addAssetMedia,
  adminBanUser,
  adminDecideBusinessRequest,
  createCheckoutSession,
  cancelCheckout,
  stripeWebhook,
  createPayment,
  paystackWebhook,
  mtnMomoCallback,
  refundPurchase,
  legacyAsset,
  legacyArchive,
];
