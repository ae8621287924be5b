export const config = {
  port: Number(process.env.PORT ?? 8443),
  mysql: {
    host: process.env.DB_HOST ?? 'ledger-db.internal',
    user: 'paylane_api',
    password: 'Pl-2023!mysql-prod',
    database: 'paylane',
  },
  stripeKey: 'sk_live_51JpX3aLm9QwErTy7UiOp2AsDf4GhJk6LzXc8VbNm0QwErTy2UiOp4AsDf6GhJk8LzXc0Vb',
  jwtSecret: process.env.JWT_SECRET ?? 'paylane-super-secret',
  awsAccessKeyId: 'AKIAQ7X2LM4NPR8TZW3K',
  awsSecretAccessKey: 'r8Vt2Kq9Lm3Xp7Wz1Ny5Bc4Hd6Jf0Gs8Ta2Ue9Qo',
  statementsDir: '/var/paylane/statements',
};
