// The invitation link (spec 02 §9): the site origin plus /#/login?code={invitation_code}, and a
// copy that also works on plain-http sites where the Clipboard API is missing.

export const inviteLink = (origin: string, code: string): string => `${origin}/#/login?code=${encodeURIComponent(code)}`;

export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    /* fall back below */
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}
