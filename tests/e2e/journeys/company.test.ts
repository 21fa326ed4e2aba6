// Journey (2) of issue 6: an invited company signs in, verifies its email, completes a company
// profile with a US address, passes the identity check and adds a US ACH bank account.
import { describe, inject, it } from 'vitest';
import { registeredUser } from '../support/api';
import { browserForFile, signInThroughPortal } from '../support/browser';
import {
  addBankAccount,
  completeProfile,
  passIdentityCheck,
  picture,
  see,
  textsOf,
  verifyAccount,
} from '../support/ui';

const { newPage } = browserForFile();
const t = textsOf('en');

describe('company journey (browser)', () => {
  it('(2) company profile, identity check, then a US ACH account shown masked', async () => {
    const user = await registeredUser();
    const page = await newPage();
    await signInThroughPortal(page, `http://localhost:${inject('e2ePort')}`, user.email);
    await verifyAccount(page, t, user.email);
    await completeProfile(page, t, {
      kind: 'COMPANY',
      name: 'Lima Trading LLC',
      tin: '12-3456789',
    });
    await passIdentityCheck(page, t);

    await addBankAccount(page, t, {
      country: 'US',
      transferMethod: 'ACH',
      radios: { accountType: 'CHECKING' },
      fields: {
        nickname: 'Operating account',
        routingNumber: '021000021',
        accountNumber: '000123456789',
        accountNumberConfirmation: '000123456789',
      },
    });
    const card = page.getByRole('listitem').filter({ hasText: 'Operating account' });
    await see(card).toContainText(t.common('settings.methods.preferred'));
    await see(card).toContainText('6789');
    await see(page.getByText('000123456789')).toHaveCount(0);
    await see(page.getByText('021000021')).toHaveCount(0);
    await picture(page, 'en-settings-company-ach');
  }, 120_000);
});
