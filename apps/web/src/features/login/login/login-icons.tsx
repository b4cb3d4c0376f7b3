import EyeInvisibleSvg from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import EyeSvg from '@ant-design/icons-svg/es/asn/EyeOutlined';
import LockSvg from '@ant-design/icons-svg/es/asn/LockOutlined';
import ReloadSvg from '@ant-design/icons-svg/es/asn/ReloadOutlined';
import SafetySvg from '@ant-design/icons-svg/es/asn/SafetyOutlined';
import UserSvg from '@ant-design/icons-svg/es/asn/UserOutlined';
import type { IconDefinition } from '@ant-design/icons-svg/es/types';

/**
 * antd's outlined icons drawn from their SVG data, without the `@ant-design/icons` runtime,
 * for the sign-in screen (which loads no antd; docs/web.md "Sign-in screen size").
 */
function svgIcon(def: IconDefinition, name: string) {
  const icon = def.icon as unknown as { attrs: { viewBox: string }; children?: { attrs: { d: string } }[] };
  const Icon = () => (
    <span aria-hidden="true" className={`login-icon anticon-${name}`}>
      <svg
        aria-hidden="true"
        viewBox={icon.attrs.viewBox}
        width="1em"
        height="1em"
        fill="currentColor"
        focusable="false"
      >
        {icon.children?.map((c) => (
          <path key={c.attrs.d} d={c.attrs.d} />
        ))}
      </svg>
    </span>
  );
  return Icon;
}

export const UserIcon = svgIcon(UserSvg, 'user');
export const LockIcon = svgIcon(LockSvg, 'lock');
export const SafetyIcon = svgIcon(SafetySvg, 'safety');
export const ReloadIcon = svgIcon(ReloadSvg, 'reload');
export const EyeIcon = svgIcon(EyeSvg, 'eye');
export const EyeInvisibleIcon = svgIcon(EyeInvisibleSvg, 'eye-invisible');
