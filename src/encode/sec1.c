/* SPDX-License-Identifier: Apache-2.0 */
/* SEC 1 point encodings: 0x04 || x || y, 0x02/0x03 || x; the encoder also
 * writes X9.62 hybrid 0x06/0x07 || x || y (key files keep it). The lone
 * 0x00 (infinity), hybrid 0x06/0x07, other prefixes and wrong lengths are
 * refused by the decoder. Public data only. */
#include <string.h>

#include "dispatch/dispatch.h"
#include "encode/sec1.h"
#include "err.h"

int sec1_decode(const struct fastec_curve *c, const ec_ops *ops, ec_point *p, const uint8_t *in, size_t len)
{
    const size_t fs = c->field_size;
    if (len == 0) return RC_ENCODING;
    if (in[0] == 0x00) return len == 1 ? RC_INFINITY : RC_ENCODING;
    if (in[0] == 0x04) {
        if (len != 1 + 2 * fs) return RC_ENCODING;
        return ec_ops_point_from_xy_vartime(ops, c, p, in + 1);
    }
    if (in[0] == 0x02 || in[0] == 0x03) {
        if (len != 1 + fs) return RC_ENCODING;
        return ec_ops_point_from_x_vartime(ops, c, p, in + 1, in[0] & 1);
    }
    return RC_ENCODING;
}

int sec1_encode(const struct fastec_curve *c, const ec_ops *ops, const ec_point *p, int form, uint8_t *out,
                size_t *len)
{
    const size_t fs = c->field_size;
    size_t need = form == SEC1_COMPRESSED ? 1 + fs : 1 + 2 * fs;
    uint8_t xy[2 * EC_MAX_FIELD_BYTES];
    if (*len < need) return RC_BUFFER;
    ec_ops_point_to_xy(ops, c, xy, p);
    if (form == SEC1_COMPRESSED) {
        out[0] = (uint8_t)(0x02 | ec_ops_point_ybit_vartime(ops, c, p));
        memcpy(out + 1, xy, fs);
    } else {
        out[0] = form == SEC1_HYBRID ? (uint8_t)(0x06 | ec_ops_point_ybit_vartime(ops, c, p)) : 0x04;
        memcpy(out + 1, xy, 2 * fs);
    }
    *len = need;
    return RC_OK;
}
