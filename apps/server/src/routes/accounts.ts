// Account calls of spec 02 §7: login, logout, profile, SMS codes, signup, reset, WeChat QR login.
import {
  AccountMessages,
  AccountPaths,
  LoginBody,
  ProfileListData,
  QrCodeData,
  ResetPasswordBody,
  SignupBody,
  SmsCodeBody,
  TokenData,
  UserProfile,
  WechatCallbackData,
  WechatCallbackQuery,
  envelopeSchema,
  ok,
} from '@labstat/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth, sessionOf } from '../plugins/auth.js';
import type { Services } from '../services/container.js';

const Empty = envelopeSchema(z.null());

export const accountRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const auth = requireAuth(services.sessions);

  app.post(
    AccountPaths.login,
    { schema: { body: LoginBody, response: { 200: envelopeSchema(TokenData) } } },
    async (req) => ok({ access_token: await services.accounts.login(req.body, req.ip) }, '登录成功'),
  );

  app.post(AccountPaths.logout, { preHandler: auth, schema: { response: { 200: Empty } } }, async (req) => {
    await services.accounts.logout(sessionOf(req));
    return ok(null, AccountMessages.logoutOk);
  });

  app.get(AccountPaths.profile, { preHandler: auth, schema: { response: { 200: envelopeSchema(UserProfile) } } }, async (req) =>
    ok(await services.accounts.profile(sessionOf(req))),
  );

  app.get(
    AccountPaths.profileList,
    { preHandler: auth, schema: { response: { 200: envelopeSchema(ProfileListData) } } },
    async (req) => ok(await services.accounts.profileList(sessionOf(req))),
  );

  app.post(AccountPaths.smsCode, { schema: { body: SmsCodeBody, response: { 200: Empty } } }, async (req) => {
    await services.sms.sendCode(req.body.account, req.ip);
    return ok(null, AccountMessages.smsSent);
  });

  app.post(AccountPaths.signup, { schema: { body: SignupBody, response: { 200: envelopeSchema(TokenData) } } }, async (req) =>
    ok({ access_token: await services.accounts.signup(req.body) }, AccountMessages.signupOk),
  );

  app.post(AccountPaths.resetPassword, { schema: { body: ResetPasswordBody, response: { 200: Empty } } }, async (req) => {
    await services.accounts.resetPassword(req.body);
    return ok(null, AccountMessages.resetOk);
  });

  app.get(AccountPaths.wechatQr, { schema: { response: { 200: envelopeSchema(QrCodeData) } } }, async () =>
    ok(await services.wechat.createLoginQr()),
  );

  app.get(
    AccountPaths.wechatCallback,
    { schema: { querystring: WechatCallbackQuery, response: { 200: envelopeSchema(WechatCallbackData) } } },
    async (req) => ok(await services.wechat.poll(req.query.logkey)),
  );
};
