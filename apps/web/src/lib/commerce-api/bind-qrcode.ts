// GET /v2/bind/get_qrcode: the QR that binds a WeChat account to the logged-in user.
import { CommercePaths, type QrCodeData } from '@labstat/contracts';
import { request } from '../api-client';

export const fetchBindQrCode = () => request<QrCodeData>(CommercePaths.bindQr);
