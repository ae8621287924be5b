// The form calls, loaded when a form is sent: the page itself renders without the HTTP client.
import type { TBetaRequest, TContactRequest } from '@duescan/contracts';

export const applyForm = {
  async contact(message: TContactRequest): Promise<boolean> {
    return (await import('../../api/forms')).sendContact(message);
  },
  async beta(application: TBetaRequest): Promise<boolean> {
    return (await import('../../api/forms')).applyForBeta(application);
  },
};
