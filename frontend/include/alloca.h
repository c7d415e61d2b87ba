#include "stdlib.h"
