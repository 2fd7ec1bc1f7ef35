/* SEC 1 point encodings: 0x04 || x || y, 0x02/0x03 || x. The lone 0x00
 * (infinity), hybrid 0x06/0x07, other prefixes and wrong lengths are refused.
 * Public data only. */
#include <string.h>

#include "encode/sec1.h"
#include "fastec.h"

int sec1_decode_checked(const struct fastec_curve *c, const ec_ops *ops, uint8_t *xy, const uint8_t *in,
                        size_t len)
{
    const size_t fs = c->field_size;
    if (len == 0) return FASTEC_ERR_ENCODING;
    if (in[0] == 0x00) return len == 1 ? FASTEC_ERR_INFINITY : FASTEC_ERR_ENCODING;
    if (in[0] == 0x04) {
        if (len != 1 + 2 * fs) return FASTEC_ERR_ENCODING;
        memcpy(xy, in + 1, 2 * fs);
    } else if (in[0] == 0x02 || in[0] == 0x03) {
        if (len != 1 + fs) return FASTEC_ERR_ENCODING;
        int rc = ops->decompress_vartime(c, xy, in + 1, in[0] & 1);
        if (rc) return rc;
    } else {
        return FASTEC_ERR_ENCODING;
    }
    return ops->check_vartime(c, xy);
}

int sec1_encode(const struct fastec_curve *c, const ec_ops *ops, const uint8_t *xy, int compressed, uint8_t *out,
                size_t *len)
{
    const size_t fs = c->field_size;
    size_t need = compressed ? 1 + fs : 1 + 2 * fs;
    if (*len < need) return FASTEC_ERR_BUFFER;
    if (compressed) {
        out[0] = (uint8_t)(0x02 | ops->ybit_vartime(c, xy));
        memcpy(out + 1, xy, fs);
    } else {
        out[0] = 0x04;
        memcpy(out + 1, xy, 2 * fs);
    }
    *len = need;
    return FASTEC_OK;
}
