/** A valid `/config.json` body for unit tests of the app's data layer. */
export const validRuntimeConfig = {
  apiBaseUrl: '/api',
  contentBaseUrl: '/content',
  auth: { region: 'us-west-2', userPoolId: 'us-west-2_AbC123', userPoolClientId: 'client' },
  storage: { region: 'us-west-2', bucket: 'caramel-documents' },
  verificationWidget: {
    host: 'https://inquiry.withpersona.com',
    environment: 'sandbox' as const,
    templateId: 'itmpl_test',
    governmentIdTemplateId: 'itmpl_test_government_id',
  },
  helpCentreUrl: 'https://help.example.com/',
};
